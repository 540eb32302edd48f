CREATE TABLE "websub_subscriptions" (
	"feed_id" text PRIMARY KEY NOT NULL,
	"hub" text NOT NULL,
	"topic" text NOT NULL,
	"callback_id" text NOT NULL,
	"secret" text NOT NULL,
	"state" text DEFAULT 'idle' NOT NULL,
	"lease_seconds" integer,
	"lease_expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"next_action_at" timestamp with time zone,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"pushed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "websub_subscriptions" ADD CONSTRAINT "websub_subscriptions_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "websub_subscriptions_callback_idx" ON "websub_subscriptions" USING btree ("callback_id");--> statement-breakpoint
CREATE INDEX "websub_subscriptions_next_action_idx" ON "websub_subscriptions" USING btree ("next_action_at");