import { describe, expect, it, vi } from "vitest"
import { MissingMigrationError, migrate, openMigrated } from "./migrate.ts"
import { MIGRATION_JOURNAL } from "./migrations.ts"
import { fileHost, sqlite } from "./test-host.ts"

const tables = (db: { all: (sql: string) => Record<string, unknown>[] }) =>
  db.all("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map((row) => row.name)

describe("local database migrations", () => {
  it("creates the spec's tables and records every migration, once", async () => {
    const host = fileHost(await sqlite())
    const { db, versions, recreated } = openMigrated(host)
    expect(versions).toEqual([...MIGRATION_JOURNAL])
    expect(recreated).toBe(false)
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        "feeds",
        "subscriptions",
        "inboxes",
        "lists",
        "unread",
        "users",
        "entries",
        "collections",
        "summaries",
        "translations",
        "images",
        "ai_chat_sessions",
        "ai_chat_messages",
      ]),
    )
    db.all("INSERT INTO unread (id, count) VALUES ('f1', 3)")
    db.close()
    // Reopened: nothing runs again and the data is still there.
    const again = openMigrated(host)
    expect(again.versions).toEqual([...MIGRATION_JOURNAL])
    expect(again.db.all("SELECT count FROM unread")).toEqual([{ count: 3 }])
    expect(again.db.all("SELECT count(*) AS n FROM __migrations")).toEqual([{ n: MIGRATION_JOURNAL.length }])
  })

  it("applies only the new migrations of a later version, in journal order", async () => {
    const host = fileHost(await sqlite())
    const first = { journal: ["0001_a"], sql: { "0001_a": "CREATE TABLE a (x INTEGER)" } }
    openMigrated(host, first).db.close()
    const later = {
      journal: ["0001_a", "0002_b", "0003_c"],
      sql: {
        "0001_a": "CREATE TABLE a (x INTEGER)",
        "0002_b": "ALTER TABLE a ADD y TEXT",
        "0003_c": "CREATE TABLE c (z)",
      },
    }
    const { db, versions } = openMigrated(host, later)
    expect(versions).toEqual(["0001_a", "0002_b", "0003_c"])
    expect(db.all("PRAGMA table_info(a)").map((column) => column.name)).toEqual(["x", "y"])
  })

  it("throws 'Missing migration' with its tag, without deleting anything", async () => {
    const host = fileHost(await sqlite())
    const db = host.open()
    expect(() => migrate(db, { journal: ["0001_a", "0002_gone"], sql: { "0001_a": "CREATE TABLE a (x)" } })).toThrow(
      "Missing migration: 0002_gone",
    )
    expect(() => openMigrated(host, { journal: ["0009_gone"], sql: {} })).toThrow(MissingMigrationError)
    expect(host.removes).toBe(0)
  })

  it("deletes the database and migrates a new one when a migration fails, keeping no half-applied step", async () => {
    const host = fileHost(await sqlite())
    const broken = { journal: ["0001_a"], sql: { "0001_a": "CREATE TABLE a (x); CREATE TABLE a (x)" } }
    const log = vi.fn()
    // Fails on the first file and again on the new one: the caller hears of it.
    expect(() => openMigrated(host, broken, log)).toThrow(/already exists/)
    expect(host.removes).toBe(1)
    expect(log).toHaveBeenCalledOnce()

    // A stored database the current migrations cannot run on (a table in the way) is replaced by a fresh one.
    const seeded = fileHost(await sqlite())
    const seed = seeded.open()
    seed.execScript("CREATE TABLE feeds (legacy TEXT)")
    seed.close()
    const { db, recreated } = openMigrated(seeded, undefined, () => {})
    expect(recreated).toBe(true)
    expect(seeded.removes).toBe(1)
    expect(db.all("PRAGMA table_info(feeds)").some((column) => column.name === "legacy")).toBe(false)
  })

  it("starts normally from a corrupt file: garbage is deleted and the migrations run again", async () => {
    const garbage = new Uint8Array(8192).map((_, i) => (i * 31 + 7) % 251)
    const host = fileHost(await sqlite(), garbage)
    const { db, recreated, versions } = openMigrated(host, undefined, () => {})
    expect(recreated).toBe(true)
    expect(versions).toEqual([...MIGRATION_JOURNAL])
    db.all("INSERT INTO users (id, name) VALUES ('u1', 'Ann')")
    expect(db.all("SELECT name FROM users")).toEqual([{ name: "Ann" }])
  })

  it("removes a chat session's messages with it", async () => {
    const { db } = openMigrated(fileHost(await sqlite()))
    db.all("INSERT INTO ai_chat_sessions (id, title) VALUES ('s1', 'A chat')")
    db.all("INSERT INTO ai_chat_messages (id, chat_id, role) VALUES ('m1', 's1', 'user'), ('m2', 's1', 'assistant')")
    expect(db.all("SELECT status FROM ai_chat_messages WHERE id = 'm1'")).toEqual([{ status: "completed" }])
    db.all("DELETE FROM ai_chat_sessions WHERE id = 's1'")
    expect(db.all("SELECT count(*) AS n FROM ai_chat_messages")).toEqual([{ n: 0 }])
  })
})
