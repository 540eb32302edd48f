ALTER TABLE "mcp_connections" ADD COLUMN "oauth_encrypted" text;--> statement-breakpoint
ALTER TABLE "mcp_connections" ADD COLUMN "oauth_state_hash" text;--> statement-breakpoint
ALTER TABLE "mcp_connections" ADD COLUMN "oauth_state_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mcp_connections" ADD CONSTRAINT "mcp_connections_oauth_state_hash_unique" UNIQUE("oauth_state_hash");