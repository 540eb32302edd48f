-- A departed user's counters stay gone: the cascades that delete their timeline may run after the "user" trigger
-- that deletes their counters, and their (negative) deltas must not bring counter rows back for a user who no
-- longer exists. Also removes counters such cascades left behind before this migration.
CREATE OR REPLACE FUNCTION unread_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unread_counts (user_id, source_id, is_list, count)
  SELECT user_id, source_id, is_list, -count(*)::int FROM (
    SELECT user_id, feed_id AS source_id, false AS is_list FROM removed
    UNION ALL
    SELECT r.user_id, s.source, true FROM removed r CROSS JOIN LATERAL unnest(r.sources) AS s(source) WHERE s.source <> 'feed'
  ) x WHERE EXISTS (SELECT 1 FROM "user" u WHERE u.id = x.user_id)
  GROUP BY user_id, source_id, is_list ORDER BY user_id, source_id
  ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unread_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ) x WHERE EXISTS (SELECT 1 FROM "user" u WHERE u.id = x.user_id)
  GROUP BY user_id, source_id, is_list HAVING sum(delta) <> 0 ORDER BY user_id, source_id
  ON CONFLICT (user_id, source_id) DO UPDATE SET count = unread_counts.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM unread_counts c WHERE NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = c.user_id);
