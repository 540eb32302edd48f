ALTER TABLE "ai_providers" ADD COLUMN "speech_model" text;--> statement-breakpoint
ALTER TABLE "ai_providers" ADD COLUMN "speech_voice" text;