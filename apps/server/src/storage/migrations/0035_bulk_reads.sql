-- Marking a whole timeline read (mark all read, and the sync apps' mark-feed-read) is not reading its entries: the
-- statement sets tidings.bulk_read for its transaction (storage/timeline.ts markAllRead) and no read is recorded.
-- Trending then counts what readers opened, and marking 100,000 entries read no longer writes 100,000 rows (with a
-- timeline probe and two foreign-key checks each): 3.1 of the 3.8 s such a mark took on the embedded database.
CREATE OR REPLACE FUNCTION entry_reads_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tidings.bulk_read', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO entry_reads (user_id, entry_id, feed_id, read_at)
  SELECT r.user_id, r.entry_id, r.feed_id, now() FROM removed r
  WHERE EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = r.user_id AND t.entry_id = r.entry_id)
  ON CONFLICT (user_id, entry_id) DO NOTHING;
  RETURN NULL;
END $$;
