ALTER TABLE "entries" ADD COLUMN "story_keys" text[];--> statement-breakpoint
ALTER TABLE "timeline" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
ALTER TABLE "unread" ADD COLUMN "duplicate_of" text;--> statement-breakpoint
CREATE INDEX "entries_story_keys_idx" ON "entries" USING gin ("story_keys") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "timeline_user_duplicate_idx" ON "timeline" USING btree ("user_id","duplicate_of") WHERE "timeline"."duplicate_of" is not null;--> statement-breakpoint
-- ==== Hand-written (duplicates across feeds, issue 15): keep this block at the end when renumbering. ====
-- An arriving timeline row is marked a duplicate of the user's row of the same story from another feed: a shared
-- URL or guid key, or the same title key (same or neighbouring 48-hour bucket) published at most 48 hours apart.
-- Entries stored before this migration have no keys and are never grouped. Set-based, once per statement: one index
-- probe per distinct arriving entry finds the entries with another copy anywhere (nearly always none), and only
-- those are looked up in the users' timelines. A row already there leads its group; among rows arriving together,
-- the earliest published. `unread` copies duplicate_of; a duplicate arriving after its group was read arrives read.
-- The function plans without sequential scans: its plans are kept per connection from the first call, when a new
-- database's tables look empty and a scan of entries per arriving entry looks cheapest (10,000 entries into a fresh
-- PostgreSQL took 223 s that way, 2.5 s without the trigger). Transition tables are scanned all the same.
CREATE OR REPLACE FUNCTION timeline_arrived() RETURNS trigger LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  grouped bigint;
BEGIN
  -- Each step is its own materialised set and each lookup a fenced subquery (OFFSET 0), so the planner cannot fold
  -- them into one join it orders differently: it once started from the user's whole timeline (1,324 rows for each of
  -- 50 arriving entries) where an index probe per arriving entry was meant.
  WITH probes AS MATERIALIZED (
    SELECT e.id, e.feed_id, e.published_at, e.story_keys AS keys, array(
        SELECT k FROM unnest(e.story_keys) k WHERE k NOT LIKE 't:%'
        UNION ALL
        SELECT 't:' || split_part(k, ':', 2) || ':' || (split_part(k, ':', 3)::bigint + d)::text
        FROM unnest(e.story_keys) k CROSS JOIN (VALUES (-1), (0), (1)) v(d) WHERE k LIKE 't:%') AS probe
    FROM (SELECT DISTINCT entry_id FROM arrived) f
      CROSS JOIN LATERAL (SELECT * FROM entries e WHERE e.id = f.entry_id OFFSET 0) e
    WHERE cardinality(e.story_keys) > 0
  ), pairs AS MATERIALIZED (
    SELECT p.id AS entry_id, o.id AS other_id
    FROM probes p CROSS JOIN LATERAL (
      SELECT o.id FROM entries o
      WHERE o.story_keys && p.probe AND o.id <> p.id AND o.feed_id <> p.feed_id
        AND (EXISTS (SELECT 1 FROM unnest(o.story_keys) k WHERE k NOT LIKE 't:%' AND k = ANY (p.keys))
          OR abs(extract(epoch FROM o.published_at - p.published_at)) <= 172800)
      OFFSET 0
    ) o
  ), candidates AS (
    SELECT a.user_id, a.entry_id, coalesce(t.duplicate_of, t.entry_id) AS head,
      (t.user_id, t.entry_id) IN (SELECT user_id, entry_id FROM arrived) AS arriving,
      t.published_at, t.entry_id AS other_id, a.published_at AS a_published
    FROM pairs pr JOIN arrived a ON a.entry_id = pr.entry_id
      CROSS JOIN LATERAL (
        SELECT * FROM timeline t WHERE t.user_id = a.user_id AND t.entry_id = pr.other_id OFFSET 0
      ) t
  ), heads AS (
    SELECT DISTINCT ON (user_id, entry_id) user_id, entry_id, head
    FROM candidates
    WHERE NOT arriving OR (published_at, other_id) < (a_published, entry_id)
    ORDER BY user_id, entry_id, arriving, published_at, other_id
  )
  UPDATE timeline t SET duplicate_of = h.head FROM heads h
  WHERE t.user_id = h.user_id AND t.entry_id = h.entry_id;
  GET DIAGNOSTICS grouped = ROW_COUNT;

  IF grouped = 0 THEN
    -- A row enters a timeline unread; whatever marks it read (rules, imported marks) deletes it afterwards.
    INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources)
    SELECT user_id, entry_id, feed_id, view, published_at, inserted_at, sources FROM arrived
    ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;

  -- A head that arrived in this statement leads the group already; point its followers at the group's head.
  UPDATE timeline t SET duplicate_of = h.duplicate_of
  FROM arrived a JOIN timeline h ON h.user_id = a.user_id AND h.duplicate_of IS NOT NULL
  WHERE t.user_id = a.user_id AND t.duplicate_of = a.entry_id AND h.entry_id = a.entry_id;

  -- Two statements: the second sees the first rows of groups that arrived unread in the same insert.
  INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of)
  SELECT a.user_id, a.entry_id, a.feed_id, a.view, a.published_at, a.inserted_at, a.sources, NULL
  FROM arrived a JOIN timeline t ON t.user_id = a.user_id AND t.entry_id = a.entry_id
  WHERE t.duplicate_of IS NULL
  ON CONFLICT DO NOTHING;
  INSERT INTO unread (user_id, entry_id, feed_id, view, published_at, inserted_at, sources, duplicate_of)
  SELECT a.user_id, a.entry_id, a.feed_id, a.view, a.published_at, a.inserted_at, a.sources, t.duplicate_of
  FROM arrived a JOIN timeline t ON t.user_id = a.user_id AND t.entry_id = a.entry_id
  WHERE t.duplicate_of IS NOT NULL
    AND EXISTS (SELECT 1 FROM unread u WHERE u.user_id = a.user_id AND u.entry_id = t.duplicate_of)
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
