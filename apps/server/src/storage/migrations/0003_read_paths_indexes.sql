CREATE INDEX "subscriptions_list_idx" ON "subscriptions" USING btree ("list_id") WHERE "subscriptions"."list_id" is not null;--> statement-breakpoint
CREATE INDEX "timeline_entry_idx" ON "timeline" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "timeline_user_inserted_idx" ON "timeline" USING btree ("user_id","inserted_at" DESC NULLS LAST);