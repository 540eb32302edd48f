CREATE TABLE "analytics_actors" (
	"day" text NOT NULL,
	"actor" text NOT NULL,
	CONSTRAINT "analytics_actors_day_actor_pk" PRIMARY KEY("day","actor")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" text NOT NULL,
	"metric" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "entry_reads" (
	"user_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_reads_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
ALTER TABLE "entry_reads" ADD CONSTRAINT "entry_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_reads" ADD CONSTRAINT "entry_reads_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_reads_read_at_idx" ON "entry_reads" USING btree ("read_at","entry_id","feed_id","user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_public_created_idx" ON "subscriptions" USING btree ("created_at","feed_id","list_id") WHERE not "subscriptions"."is_private";--> statement-breakpoint
-- ===== Hand-written SQL (trending-plan) =====
-- A read is an unread row that goes while its timeline row stays; when the timeline row itself goes (unsubscribe,
-- entry deleted), its unread row goes in the timeline_removed trigger after it, so nothing is recorded.
CREATE FUNCTION entry_reads_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_reads (user_id, entry_id, feed_id, read_at)
  SELECT r.user_id, r.entry_id, r.feed_id, now() FROM removed r
  WHERE EXISTS (SELECT 1 FROM timeline t WHERE t.user_id = r.user_id AND t.entry_id = r.entry_id)
  ON CONFLICT (user_id, entry_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER unread_read AFTER DELETE ON "unread" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION entry_reads_record();
