// The local database against the specification's table list (client-behaviour.md §3 "Local database"), field by
// field: every field the spec names is a column (snake_case), the required ones are NOT NULL, the keys and unique
// pairs are what it says, and the AI chat tables have its indexes and cascade. The spec's words are copied here, so
// a change to the schema that drops or loosens one of them fails.
import { describe, expect, it } from "vitest"
import { openMigrated } from "./migrate.ts"
import { fileHost, sqlite } from "./test-host.ts"

/** table → [fields in the spec's order, required fields (a trailing "!"), key fields (a leading "#")]. */
const SPEC: Record<string, string> = {
  feeds:
    "#id title url! description image errorAt siteUrl ownerUserId errorMessage subscriptionCount updatesPerWeek latestEntryPublishedAt tipUserIds updatedAt",
  subscriptions: "#id feedId listId inboxId userId! view! isPrivate! hideFromTimeline title category createdAt type!",
  inboxes: "#id title secret!",
  lists: "#id userId title! feedIds description view! image fee ownerUserId subscriptionCount purchaseAmount",
  unread: "#id count!",
  users: "#id email handle name image isMe emailVerified bio website socialLinks",
  entries:
    "#id title url content readabilityContent readabilityUpdatedAt description guid! author authorUrl authorAvatar insertedAt! publishedAt! media categories attachments extra language feedId inboxHandle read sources settings",
  collections: "#entryId feedId createdAt view!",
  summaries: "entryId summary! readabilitySummary createdAt language",
  translations: "entryId language! title description content readabilityContent createdAt!",
  images: "#url colors! createdAt",
  ai_chat_sessions: "#id title createdAt updatedAt",
  ai_chat_messages: "#id chatId role! createdAt metadata status finishedAt messageParts",
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

interface Column {
  name: string
  notnull: number
  pk: number
  dflt_value: string | null
}

async function database() {
  return openMigrated(fileHost(await sqlite())).db
}

/** Each index of a table: its columns, and whether it is unique. */
function indexes(db: Awaited<ReturnType<typeof database>>, table: string) {
  return db.all(`PRAGMA index_list(${table})`).map((index) => ({
    columns: db.all(`PRAGMA index_info(${String(index.name)})`).map((c) => String(c.name)),
    unique: Number(index.unique) === 1,
  }))
}

describe("the local database's schema, against the specification", () => {
  it("has every field of every table, required where required, keyed where keyed", async () => {
    const db = await database()
    for (const [table, spec] of Object.entries(SPEC)) {
      const columns = new Map(
        (db.all(`PRAGMA table_info(${table})`) as unknown as Column[]).map((c) => [c.name, c] as const),
      )
      expect(columns.size, table).toBeGreaterThan(0)
      for (const word of spec.split(" ")) {
        const field = snake(word.replace(/^#|!$/g, ""))
        const column = columns.get(field)
        expect(column, `${table}.${field}`).toBeDefined()
        if (word.endsWith("!") || word.startsWith("#")) expect(column!.notnull, `${table}.${field} required`).toBe(1)
        if (word.startsWith("#")) expect(column!.pk, `${table}.${field} key`).toBe(1)
      }
      // A column the spec does not name is one the app needs to rebuild the wire shape (documented in migrations.ts).
      const extra = [...columns.keys()].filter(
        (name) => !spec.split(" ").some((word) => snake(word.replace(/^#|!$/g, "")) === name),
      )
      expect(extra, table).toEqual(
        { feeds: ["language", "checked_at"], entries: ["summary", "updated_at", "view"] }[table] ?? [],
      )
    }
  })

  it("keeps one summary and one translation per entry and language, with the spec's defaults", async () => {
    const db = await database()
    for (const table of ["summaries", "translations"])
      expect(indexes(db, table)).toContainEqual({ columns: ["entry_id", "language"], unique: true })
    db.all("INSERT INTO translations (entry_id, language, title) VALUES ('e1', 'ja', 'タイトル')")
    expect(() => db.execScript("INSERT INTO translations (entry_id, language) VALUES ('e1', 'ja')")).toThrow(/UNIQUE/)
    // createdAt defaults to now (ms for images, a timestamp for the others); a chat message is completed by default.
    db.all("INSERT INTO summaries (entry_id, summary, language) VALUES ('e1', 'Short', 'en')")
    db.all("INSERT INTO images (url, colors) VALUES ('https://i.example/a.png', '[]')")
    db.all("INSERT INTO ai_chat_sessions (id) VALUES ('s1')")
    db.all("INSERT INTO ai_chat_messages (id, chat_id, role) VALUES ('m1', 's1', 'user')")
    const [summary] = db.all("SELECT created_at FROM summaries")
    expect(Date.now() - Date.parse(`${String(summary!.created_at)}Z`)).toBeLessThan(60_000)
    const [image] = db.all("SELECT created_at FROM images")
    expect(Math.abs(Date.now() - Number(image!.created_at))).toBeLessThan(60_000)
    expect(db.all("SELECT status FROM ai_chat_messages")).toEqual([{ status: "completed" }])
  })

  it("indexes chat sessions by update time, and messages by chat and time, by status, and by chat and role", async () => {
    const db = await database()
    expect(indexes(db, "ai_chat_sessions")).toContainEqual({ columns: ["updated_at"], unique: false })
    const messages = indexes(db, "ai_chat_messages")
    for (const columns of [["chat_id", "created_at"], ["status"], ["chat_id", "role"]])
      expect(messages).toContainEqual({ columns, unique: false })
    const [fk] = db.all("PRAGMA foreign_key_list(ai_chat_messages)")
    expect(fk).toMatchObject({ table: "ai_chat_sessions", from: "chat_id", to: "id", on_delete: "CASCADE" })
  })
})
