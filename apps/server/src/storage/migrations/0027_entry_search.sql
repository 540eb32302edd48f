CREATE TABLE "entry_search" (
	"entry_id" text PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_pending" (
	"entry_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_pending" ADD CONSTRAINT "search_pending_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_search_document_idx" ON "entry_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "entry_search_published_idx" ON "entry_search" USING btree ("published_at");--> statement-breakpoint
-- Hand-written: every new entry, and every entry whose searchable text changed, waits for the indexer
-- (jobs/search-index.ts). Statement triggers over transition tables: one set-based insert per ingest batch.
CREATE FUNCTION "search_pending_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_pending" ("entry_id") SELECT "id" FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "entries_search_inserted" AFTER INSERT ON "entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_pending_inserted"();--> statement-breakpoint
CREATE FUNCTION "search_pending_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_pending" ("entry_id")
  SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
  WHERE n."title" IS DISTINCT FROM o."title" OR n."author" IS DISTINCT FROM o."author"
    OR n."content" IS DISTINCT FROM o."content" OR n."description" IS DISTINCT FROM o."description"
    OR n."published_at" IS DISTINCT FROM o."published_at"
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "entries_search_updated" AFTER UPDATE ON "entries" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "search_pending_updated"();--> statement-breakpoint
-- Hand-written: the entries stored before search existed are indexed by the same job.
INSERT INTO "search_pending" ("entry_id") SELECT "id" FROM "entries" ON CONFLICT DO NOTHING;
