CREATE TABLE "rsshub_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"base_url" text NOT NULL,
	"access_key_encrypted" text,
	"shared" boolean DEFAULT false NOT NULL,
	"description" text,
	"user_limit" integer,
	"error_message" text,
	"error_at" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rsshub_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rsshub_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "rsshub_instance_id" text;--> statement-breakpoint
ALTER TABLE "rsshub_instances" ADD CONSTRAINT "rsshub_instances_owner_user_id_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsshub_usage" ADD CONSTRAINT "rsshub_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsshub_usage" ADD CONSTRAINT "rsshub_usage_rsshub_id_rsshub_instances_id_fk" FOREIGN KEY ("rsshub_id") REFERENCES "public"."rsshub_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rsshub_instances_owner_url_idx" ON "rsshub_instances" USING btree ("owner_user_id","base_url");--> statement-breakpoint
CREATE INDEX "rsshub_instances_shared_idx" ON "rsshub_instances" USING btree ("shared") WHERE "rsshub_instances"."shared";--> statement-breakpoint
CREATE INDEX "rsshub_usage_instance_idx" ON "rsshub_usage" USING btree ("rsshub_id");