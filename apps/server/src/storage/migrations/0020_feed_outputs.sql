CREATE TABLE "feed_outputs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_outputs" ADD CONSTRAINT "feed_outputs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_outputs_token_idx" ON "feed_outputs" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "feed_outputs_target_idx" ON "feed_outputs" USING btree ("user_id","kind","target");