CREATE TABLE "feature_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"rollout_type" text DEFAULT 'percentage' NOT NULL,
	"rollout_value" integer DEFAULT 0 NOT NULL,
	"rollout_percentage" integer DEFAULT 100 NOT NULL,
	"rollout_seed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_feature_overrides" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"feature_name" text NOT NULL,
	"force_enabled" boolean NOT NULL,
	"reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
ALTER TABLE "user_feature_overrides" ADD CONSTRAINT "user_feature_overrides_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_feature_overrides" ADD CONSTRAINT "user_feature_overrides_feature_name_feature_flags_name_fk" FOREIGN KEY ("feature_name") REFERENCES "public"."feature_flags"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "user_feature_overrides_flag_user_idx" ON "user_feature_overrides" USING btree ("feature_name","user_id");--> statement-breakpoint
-- ---- hand-written (claims-admin): the one flag the official client knows (FEATURE_NAMES), on for everyone, so
-- nothing changes until an admin says otherwise.
INSERT INTO "feature_flags" ("name", "description", "enabled", "rollout_type", "rollout_value", "rollout_percentage")
VALUES ('ai_chat', 'AI chat', true, 'percentage', 0, 100) ON CONFLICT ("name") DO NOTHING;
