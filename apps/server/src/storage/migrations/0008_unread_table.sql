CREATE TABLE "unread" (
	"user_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"view" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"inserted_at" timestamp with time zone NOT NULL,
	"sources" text[] NOT NULL,
	CONSTRAINT "unread_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "unread_counts" (
	"user_id" text NOT NULL,
	"source_id" text NOT NULL,
	"is_list" boolean NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "unread_counts_user_id_source_id_pk" PRIMARY KEY("user_id","source_id")
);
--> statement-breakpoint
-- Triggers keep `unread` a copy of the unread timeline rows' keys and filter columns, and `unread_counts` the count
-- of them per user and source, in the same statement as every change (decision 0005). Counter rows are written in
-- (user_id, source_id) order so concurrent transactions take their locks in one order.
CREATE FUNCTION unread_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread_counts (user_id, source_id, is_list, count)
  SELECT user_id, source_id, is_list, count(*)::int FROM (
    SELECT user_id, feed_id AS source_id, false AS is_list FROM added
    UNION ALL
    SELECT a.user_id, s.source, true FROM added a CROSS JOIN LATERAL unnest(a.sources) AS s(source) WHERE s.source <> 'feed'
  ) x GROUP BY user_id, source_id, is_list ORDER BY user_id, source_id
  ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION unread_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread_counts (user_id, source_id, is_list, count)
  SELECT user_id, source_id, is_list, -count(*)::int FROM (
    SELECT user_id, feed_id AS source_id, false AS is_list FROM removed
    UNION ALL
    SELECT r.user_id, s.source, true FROM removed r CROSS JOIN LATERAL unnest(r.sources) AS s(source) WHERE s.source <> 'feed'
  ) x GROUP BY user_id, source_id, is_list ORDER BY user_id, source_id
  ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION unread_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread_counts (user_id, source_id, is_list, count)
  SELECT user_id, source_id, is_list, sum(delta)::int FROM (
    SELECT user_id, feed_id AS source_id, false AS is_list, -1 AS delta FROM removed
    UNION ALL
    SELECT r.user_id, s.source, true, -1 FROM removed r CROSS JOIN LATERAL unnest(r.sources) AS s(source) WHERE s.source <> 'feed'
    UNION ALL
    SELECT user_id, feed_id, false, 1 FROM added
    UNION ALL
    SELECT a.user_id, s.source, true, 1 FROM added a CROSS JOIN LATERAL unnest(a.sources) AS s(source) WHERE s.source <> 'feed'
  ) x GROUP BY user_id, source_id, is_list HAVING sum(delta) <> 0 ORDER BY user_id, source_id
  ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unread_added AFTER INSERT ON "unread" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION unread_counts_add();
--> statement-breakpoint
CREATE TRIGGER unread_removed AFTER DELETE ON "unread" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION unread_counts_remove();
--> statement-breakpoint
CREATE TRIGGER unread_changed AFTER UPDATE ON "unread" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION unread_counts_change();
--> statement-breakpoint
CREATE FUNCTION timeline_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A row enters a timeline unread; whatever marks it read (rules, imported marks) deletes it afterwards.
  INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources)
  SELECT user_id, entry_id, feed_id, view, published_at, inserted_at, sources FROM arrived
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION timeline_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE unread u SET feed_id = c.feed_id, view = c.view, published_at = c.published_at, sources = c.sources
  FROM changed c
  WHERE u.user_id = c.user_id AND u.entry_id = c.entry_id
    AND (u.feed_id, u.view, u.published_at, u.sources) IS DISTINCT FROM (c.feed_id, c.view, c.published_at, c.sources);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION timeline_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM unread u USING removed r WHERE u.user_id = r.user_id AND u.entry_id = r.entry_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- After the cascades of the same statement, which left the departed users' counters at zero.
  DELETE FROM unread_counts c USING removed r WHERE c.user_id = r.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_arrived AFTER INSERT ON "timeline" REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION timeline_arrived();
--> statement-breakpoint
CREATE TRIGGER timeline_changed AFTER UPDATE ON "timeline" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION timeline_changed();
--> statement-breakpoint
CREATE TRIGGER timeline_removed AFTER DELETE ON "timeline" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION timeline_removed();
--> statement-breakpoint
CREATE TRIGGER user_removed AFTER DELETE ON "user" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION user_removed();
--> statement-breakpoint
INSERT INTO "unread" (user_id, entry_id, feed_id, view, published_at, inserted_at, sources)
  SELECT user_id, entry_id, feed_id, view, published_at, inserted_at, sources FROM "timeline" WHERE NOT read;
--> statement-breakpoint
DROP INDEX "collections_user_created_idx";--> statement-breakpoint
DROP INDEX "entries_feed_published_idx";--> statement-breakpoint
DROP INDEX "inbox_entries_inbox_published_idx";--> statement-breakpoint
DROP INDEX "timeline_user_view_published_idx";--> statement-breakpoint
DROP INDEX "timeline_user_feed_published_idx";--> statement-breakpoint
DROP INDEX "timeline_user_inserted_idx";--> statement-breakpoint
CREATE INDEX "unread_user_published_idx" ON "unread" USING btree ("user_id","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "unread_user_view_published_idx" ON "unread" USING btree ("user_id","view","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "unread_user_feed_published_idx" ON "unread" USING btree ("user_id","feed_id","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_user_published_idx" ON "timeline" USING btree ("user_id","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_feed_published_idx" ON "entries" USING btree ("feed_id","published_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbox_entries_inbox_published_idx" ON "inbox_entries" USING btree ("inbox_handle","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_user_view_published_idx" ON "timeline" USING btree ("user_id","view","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_user_feed_published_idx" ON "timeline" USING btree ("user_id","feed_id","published_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "timeline_user_inserted_idx" ON "timeline" USING btree ("user_id","inserted_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "timeline" DROP COLUMN "read";