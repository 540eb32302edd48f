CREATE TABLE "ai_scores" (
	"user_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"prompt_key" text NOT NULL,
	"score" smallint NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_scores_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
ALTER TABLE "ai_providers" ADD COLUMN "fast_model" text;--> statement-breakpoint
ALTER TABLE "ai_scores" ADD CONSTRAINT "ai_scores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scores" ADD CONSTRAINT "ai_scores_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_scores_entry_idx" ON "ai_scores" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "settings_ai_sort_idx" ON "settings" USING btree ("user_id") WHERE "settings"."tab" = 'ai' and coalesce("settings"."payload"->>'timelineSortPrompt', '') <> '';