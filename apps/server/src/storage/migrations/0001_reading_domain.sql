CREATE TABLE "actions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"inbox_handle" text NOT NULL,
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
	"read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inboxes" (
	"handle" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "list_feeds" (
	"list_id" text NOT NULL,
	"feed_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_feeds_list_id_feed_id_pk" PRIMARY KEY("list_id","feed_id")
);
--> statement-breakpoint
CREATE TABLE "lists" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"view" smallint NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"language" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"user_id" text NOT NULL,
	"tab" text NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_user_id_tab_pk" PRIMARY KEY("user_id","tab")
);
--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_entries" ADD CONSTRAINT "inbox_entries_inbox_handle_inboxes_handle_fk" FOREIGN KEY ("inbox_handle") REFERENCES "public"."inboxes"("handle") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "inboxes" ADD CONSTRAINT "inboxes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_feeds" ADD CONSTRAINT "list_feeds_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "list_feeds" ADD CONSTRAINT "list_feeds_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lists" ADD CONSTRAINT "lists_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_entries_inbox_guid_idx" ON "inbox_entries" USING btree ("inbox_handle","guid");--> statement-breakpoint
CREATE INDEX "inbox_entries_inbox_published_idx" ON "inbox_entries" USING btree ("inbox_handle","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbox_entries_unread_idx" ON "inbox_entries" USING btree ("inbox_handle") WHERE not "inbox_entries"."read";--> statement-breakpoint
CREATE INDEX "inboxes_user_idx" ON "inboxes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "invitations_from_idx" ON "invitations" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "list_feeds_feed_idx" ON "list_feeds" USING btree ("feed_id");--> statement-breakpoint
CREATE INDEX "lists_owner_idx" ON "lists" USING btree ("owner_user_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_list_id_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_inbox_id_inboxes_handle_fk" FOREIGN KEY ("inbox_id") REFERENCES "public"."inboxes"("handle") ON DELETE cascade ON UPDATE cascade;