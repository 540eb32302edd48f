CREATE TABLE "boosts" (
	"hash" text PRIMARY KEY NOT NULL,
	"feed_id" text NOT NULL,
	"user_id" text NOT NULL,
	"units" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"feed_id" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_negative" CHECK ("ledger_accounts"."kind" = 'system' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_hash" text NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"hash" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"from_user_id" text,
	"to_user_id" text,
	"to_feed_id" text,
	"to_entry_id" text,
	"amount" bigint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transactions_amount_positive" CHECK ("ledger_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "power_levels" (
	"user_id" text PRIMARY KEY NOT NULL,
	"level" integer NOT NULL,
	"rank" integer NOT NULL,
	"activity_points" integer NOT NULL,
	"prev_activity_points" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_address_unique" UNIQUE("address")
);
--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_hash_ledger_transactions_hash_fk" FOREIGN KEY ("transaction_hash") REFERENCES "public"."ledger_transactions"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_levels" ADD CONSTRAINT "power_levels_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boosts_feed_expires_idx" ON "boosts" USING btree ("feed_id","expires_at");--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_hash");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_from_idx" ON "ledger_transactions" USING btree ("from_user_id","created_at" DESC NULLS LAST,"hash" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_to_idx" ON "ledger_transactions" USING btree ("to_user_id","created_at" DESC NULLS LAST,"hash" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_feed_idx" ON "ledger_transactions" USING btree ("to_feed_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_pending_idx" ON "ledger_transactions" USING btree ("created_at") WHERE "ledger_transactions"."status" = 'pending';--> statement-breakpoint
-- Hand-written: the system accounts on the other side of issuance (daily rewards, mints) and of withdrawals.
INSERT INTO "ledger_accounts" ("id", "kind") VALUES ('system:issuance', 'system'), ('system:withdrawals', 'system'), ('system:burned', 'system') ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Hand-written: every transaction's legs sum to zero, checked at commit (deferred) once all its legs are in.
CREATE FUNCTION "ledger_check_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount"), 0) FROM "ledger_entries" WHERE "transaction_hash" = NEW."transaction_hash") <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is not balanced', NEW."transaction_hash" USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entries_balanced" AFTER INSERT ON "ledger_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "ledger_check_balanced"();
