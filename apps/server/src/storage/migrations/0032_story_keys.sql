ALTER TABLE "entries" ADD COLUMN "story_keys" text[];--> statement-breakpoint
ALTER TABLE "timeline" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
ALTER TABLE "unread" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
CREATE INDEX "entries_story_keys_idx" ON "entries" USING gin ("story_keys");--> statement-breakpoint
CREATE INDEX "timeline_user_duplicate_idx" ON "timeline" USING btree ("user_id","duplicate_of") WHERE "timeline"."duplicate_of" is not null;--> statement-breakpoint
-- ==== Hand-written (duplicates across feeds, issue 15): keep this block at the end when renumbering. ====
-- An arriving timeline row is marked a duplicate of the user's row of the same story from another feed: a shared
-- URL or guid key, or the same title key (same or neighbouring 48-hour bucket) published at most 48 hours apart.
-- Entries stored before this migration have no keys and are never grouped. A row trigger, so rows of one statement
-- see the rows inserted before them (a new subscriber's backfill of several feeds).
CREATE FUNCTION timeline_story() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
  probe text[];
BEGIN
  IF NEW.duplicate_of IS NOT NULL THEN RETURN NEW; END IF;
  SELECT e.story_keys INTO keys FROM entries e WHERE e.id = NEW.entry_id;
  IF keys IS NULL OR cardinality(keys) = 0 THEN RETURN NEW; END IF;
  probe := array(
    SELECT k FROM unnest(keys) k WHERE k NOT LIKE 't:%'
    UNION ALL
    SELECT 't:' || split_part(k, ':', 2) || ':' || (split_part(k, ':', 3)::bigint + d)::text
    FROM unnest(keys) k CROSS JOIN (VALUES (-1), (0), (1)) v(d) WHERE k LIKE 't:%');
  SELECT coalesce(t.duplicate_of, t.entry_id) INTO NEW.duplicate_of
  FROM entries e JOIN timeline t ON t.user_id = NEW.user_id AND t.entry_id = e.id
  WHERE e.story_keys && probe AND e.id <> NEW.entry_id AND t.feed_id <> NEW.feed_id
    AND (EXISTS (SELECT 1 FROM unnest(e.story_keys) k WHERE k NOT LIKE 't:%' AND k = ANY (keys))
      OR abs(extract(epoch FROM e.published_at - NEW.published_at)) <= 172800)
  ORDER BY t.published_at, t.entry_id
  LIMIT 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_story BEFORE INSERT ON "timeline" FOR EACH ROW EXECUTE FUNCTION timeline_story();
--> statement-breakpoint
-- `unread` copies duplicate_of. A duplicate arriving after its group was read arrives read: the group is one story.
-- (Two statements: the second sees the first rows of groups that arrived unread in the same insert.)
CREATE OR REPLACE FUNCTION timeline_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of)
  SELECT user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of FROM arrived
  WHERE duplicate_of IS NULL
  ON CONFLICT DO NOTHING;
  INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of)
  SELECT a.user_id, a.entry_id, a.feed_id, a.view, a.published_at, a.inserted_at, a.sources, a.duplicate_of
  FROM arrived a
  WHERE a.duplicate_of IS NOT NULL
    AND EXISTS (SELECT 1 FROM unread u WHERE u.user_id = a.user_id AND u.entry_id = a.duplicate_of)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
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
-- ==== End of hand-written block. ====
