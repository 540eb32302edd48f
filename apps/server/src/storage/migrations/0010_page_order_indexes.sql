DROP INDEX "collections_user_created_idx";--> statement-breakpoint
DROP INDEX "inbox_entries_unread_idx";--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbox_entries_unread_idx" ON "inbox_entries" USING btree ("inbox_handle","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE not "inbox_entries"."read";