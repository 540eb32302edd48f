ALTER TABLE "entries" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD COLUMN "summary" text;