CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"user_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"view" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"guid" text NOT NULL,
	"title" text,
	"url" text,
	"content" text,
	"description" text,
	"author" text,
	"author_url" text,
	"author_avatar" text,
	"language" text,
	"categories" text[],
	"media" jsonb,
	"attachments" jsonb,
	"extra" jsonb,
	"published_at" timestamp with time zone NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content_hash" text,
	"readability_content" text,
	"readability_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"description" text,
	"site_url" text,
	"image" text,
	"language" text,
	"owner_user_id" text,
	"error_at" timestamp with time zone,
	"error_message" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"last_modified" text,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ttl" integer,
	"updates_per_week" real,
	"subscription_count" integer DEFAULT 0 NOT NULL,
	"latest_entry_published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"feed_id" text,
	"list_id" text,
	"inbox_id" text,
	"view" smallint NOT NULL,
	"category" text,
	"title" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"hide_from_timeline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timeline" (
	"user_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"view" smallint NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"inserted_at" timestamp with time zone NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"sources" text[] DEFAULT '{feed}'::text[] NOT NULL,
	CONSTRAINT "timeline_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"two_factor_enabled" boolean DEFAULT false,
	"handle" text,
	"bio" text,
	"website" text,
	"social_links" jsonb,
	"role" text DEFAULT 'trial' NOT NULL,
	"role_end_at" timestamp with time zone,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline" ADD CONSTRAINT "timeline_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline" ADD CONSTRAINT "timeline_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "entries_feed_guid_idx" ON "entries" USING btree ("feed_id","guid");--> statement-breakpoint
CREATE INDEX "entries_feed_published_idx" ON "entries" USING btree ("feed_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feeds_next_check_idx" ON "feeds" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_feed_idx" ON "subscriptions" USING btree ("user_id","feed_id") WHERE "subscriptions"."feed_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_list_idx" ON "subscriptions" USING btree ("user_id","list_id") WHERE "subscriptions"."list_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_user_inbox_idx" ON "subscriptions" USING btree ("user_id","inbox_id") WHERE "subscriptions"."inbox_id" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_feed_idx" ON "subscriptions" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "timeline_user_view_published_idx" ON "timeline" USING btree ("user_id","view","published_at" DESC NULLS LAST,"entry_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_user_feed_published_idx" ON "timeline" USING btree ("user_id","feed_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "timeline_user_feed_unread_idx" ON "timeline" USING btree ("user_id","feed_id") WHERE not "timeline"."read";--> statement-breakpoint
CREATE UNIQUE INDEX "user_handle_lower_idx" ON "user" USING btree (lower("handle"));--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");