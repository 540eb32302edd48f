ALTER TABLE "entry_search" ADD COLUMN "feed_id" text;--> statement-breakpoint
-- Hand-written: documents indexed before this migration take their entry's feed (the indexer writes it from now on).
UPDATE "entry_search" s SET "feed_id" = e."feed_id" FROM "entries" e WHERE e."id" = s."entry_id";
