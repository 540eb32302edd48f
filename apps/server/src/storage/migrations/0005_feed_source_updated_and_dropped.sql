ALTER TABLE "feeds" ADD COLUMN "source_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "dropped_entry_count" integer DEFAULT 0 NOT NULL;