CREATE TABLE "pending_marks" (
	"user_id" text NOT NULL,
	"feed_url" text NOT NULL,
	"guid" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"starred_at" timestamp with time zone,
	"star_view" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_marks_user_id_feed_url_guid_pk" PRIMARY KEY("user_id","feed_url","guid")
);
--> statement-breakpoint
ALTER TABLE "pending_marks" ADD CONSTRAINT "pending_marks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_marks_feed_guid_idx" ON "pending_marks" USING btree ("feed_url","guid");