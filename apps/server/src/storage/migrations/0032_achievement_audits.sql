CREATE TABLE "achievement_audits" (
	"user_id" text NOT NULL,
	"action_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "achievement_audits_user_id_action_id_pk" PRIMARY KEY("user_id","action_id")
);
--> statement-breakpoint
ALTER TABLE "achievement_audits" ADD CONSTRAINT "achievement_audits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievement_audits_status_idx" ON "achievement_audits" USING btree ("status","submitted_at");