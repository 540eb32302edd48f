CREATE TABLE "story_group_pending" (
	"user_id" text NOT NULL,
	"feed_id" text NOT NULL,
	CONSTRAINT "story_group_pending_user_id_feed_id_pk" PRIMARY KEY("user_id","feed_id")
);
--> statement-breakpoint
CREATE TABLE "story_keys" (
	"key" text NOT NULL,
	"entry_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "story_keys_key_entry_id_pk" PRIMARY KEY("key","entry_id")
);
--> statement-breakpoint
ALTER TABLE "timeline" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
ALTER TABLE "unread" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
ALTER TABLE "story_group_pending" ADD CONSTRAINT "story_group_pending_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_keys" ADD CONSTRAINT "story_keys_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_keys_entry_idx" ON "story_keys" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "timeline_user_duplicate_idx" ON "timeline" USING btree ("user_id","duplicate_of") WHERE "timeline"."duplicate_of" is not null;--> statement-breakpoint
-- ==== Hand-written (duplicates across feeds, issue 15): keep this block at the end when renumbering. ====
-- Grouping happens off the ingest's path (storage/duplicates.ts, run by the search indexer): new entries' keys are
-- written and matched there, and a follow's rows are grouped there too, queued here by the statements that follow.
-- The unread copy of a timeline row keeps its duplicate_of.
CREATE OR REPLACE FUNCTION timeline_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE unread u SET feed_id = c.feed_id, view = c.view, published_at = c.published_at, sources = c.sources,
    duplicate_of = c.duplicate_of
  FROM changed c
  WHERE u.user_id = c.user_id AND u.entry_id = c.entry_id
    AND (u.feed_id, u.view, u.published_at, u.sources, u.duplicate_of)
      IS DISTINCT FROM (c.feed_id, c.view, c.published_at, c.sources, c.duplicate_of);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- When the first row of a group goes (unsubscribed, entry deleted), the lowest remaining entry id leads the group.
CREATE FUNCTION timeline_group_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE timeline t SET duplicate_of = nullif(g.head, t.entry_id)
  FROM (
    SELECT d.user_id, d.duplicate_of AS gone, min(d.entry_id) AS head
    FROM timeline d JOIN removed r ON d.user_id = r.user_id AND d.duplicate_of = r.entry_id
    GROUP BY d.user_id, d.duplicate_of
  ) g
  WHERE t.user_id = g.user_id AND t.duplicate_of = g.gone;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_group_removed AFTER DELETE ON "timeline" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION timeline_group_removed();
--> statement-breakpoint
-- A follow (of a feed, or of a list: each of its feeds) queues the user's rows of those feeds for grouping.
CREATE FUNCTION story_follow_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO story_group_pending (user_id, feed_id)
  SELECT a.user_id, a.feed_id FROM added a WHERE a.feed_id IS NOT NULL
  UNION
  SELECT a.user_id, lf.feed_id FROM added a JOIN list_feeds lf ON lf.list_id = a.list_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER story_follow_added AFTER INSERT ON "subscriptions" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION story_follow_added();
--> statement-breakpoint
-- A feed added to a list reaches the list's followers.
CREATE FUNCTION story_list_feed_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO story_group_pending (user_id, feed_id)
  SELECT DISTINCT s.user_id, a.feed_id FROM added a JOIN subscriptions s ON s.list_id = a.list_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER story_list_feed_added AFTER INSERT ON "list_feeds" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION story_list_feed_added();
--> statement-breakpoint
-- The last week's entries are indexed again, so their keys are written and the stories they share grouped; older
-- entries stay apart.
INSERT INTO search_pending (entry_id) SELECT id FROM entries WHERE published_at > now() - interval '7 days'
  ON CONFLICT DO NOTHING;
-- ==== End of hand-written block. ====
