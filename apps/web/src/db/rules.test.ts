import { describe, expect, it } from "vitest"
import { openMigrated } from "./migrate.ts"
import { EXPORT_CHUNK_BYTES, exportChunks, LruMap, pruneEntries, purgeTranslations } from "./rules.ts"
import { fileHost, sqlite } from "./test-host.ts"

async function freshDb() {
  return openMigrated(fileHost(await sqlite())).db
}

describe("reading-cache rules", () => {
  it("keeps the newest 20 entries of each feed and of each inbox, and deletes the rest", async () => {
    const db = await freshDb()
    const insert = (id: string, feed: string | null, inbox: string | null, publishedAt: number) =>
      db.all(
        "INSERT INTO entries (id, guid, feed_id, inbox_handle, inserted_at, published_at) VALUES (?, ?, ?, ?, ?, ?)",
        [id, id, feed, inbox, publishedAt, publishedAt],
      )
    for (let i = 0; i < 25; i++) insert(`a${i}`, "feed-a", null, 1000 + i)
    for (let i = 0; i < 5; i++) insert(`b${i}`, "feed-b", null, 1000 + i)
    for (let i = 0; i < 22; i++) insert(`m${i}`, null, "news", 2000 + i)
    insert("a-starred", "feed-a", null, 1)
    db.all("INSERT INTO collections (entry_id, feed_id, created_at, view) VALUES ('a-starred', 'feed-a', 'x', 0)")
    pruneEntries(db)
    // A starred entry stays whatever its age: the starred list is read offline too.
    expect(db.all("SELECT id FROM entries WHERE id = 'a-starred'")).toEqual([{ id: "a-starred" }])
    const count = (where: string) => db.all(`SELECT count(*) AS n FROM entries WHERE ${where}`)[0].n
    expect(count("feed_id = 'feed-a'")).toBe(21)
    expect(count("feed_id = 'feed-b'")).toBe(5)
    expect(count("inbox_handle = 'news'")).toBe(20)
    // The oldest went: a0..a4 and m0, m1.
    expect(
      db.all("SELECT id FROM entries WHERE feed_id = 'feed-a' AND id <> 'a-starred' ORDER BY published_at LIMIT 1"),
    ).toEqual([{ id: "a5" }])
    expect(count("id IN ('m0', 'm1')")).toBe(0)
  })

  it("purges translations older than 7 days and keeps the newer ones", async () => {
    const db = await freshDb()
    const now = Date.parse("2026-11-25T12:00:00Z")
    const at = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19)
    const day = 24 * 60 * 60 * 1000
    db.all("INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, 'ja', 'old', ?)", [
      "e1",
      at(now - 7 * day - 60_000),
    ])
    db.all("INSERT INTO translations (entry_id, language, title, created_at) VALUES (?, 'ja', 'recent', ?)", [
      "e2",
      at(now - 7 * day + 60_000),
    ])
    db.all("INSERT INTO translations (entry_id, language, title) VALUES ('e3', 'ja', 'today')")
    purgeTranslations(db, now)
    expect(db.all("SELECT title FROM translations ORDER BY entry_id")).toEqual([
      { title: "recent" },
      { title: "today" },
    ])
  })

  it("keeps at most 10 summaries, dropping the least recently read", () => {
    const summaries = new LruMap<string, string>()
    for (let i = 0; i < 10; i++) summaries.set(`e${i}`, `summary ${i}`)
    expect(summaries.get("e0")).toBe("summary 0") // read: now the most recent
    summaries.set("e10", "summary 10")
    expect(summaries.size).toBe(10)
    expect(summaries.get("e1")).toBeUndefined()
    expect(summaries.get("e0")).toBe("summary 0")
    summaries.set("e2", "summary 2 again") // rewriting also counts as use
    summaries.set("e11", "summary 11")
    expect(summaries.keys()).not.toContain("e3")
    expect(summaries.keys()).toContain("e2")
  })

  it("exports in 64 KiB chunks read from the open database, which put the database back together", async () => {
    const sqlite3 = await sqlite()
    const host = fileHost(sqlite3)
    const { db } = openMigrated(host)
    for (let i = 0; i < 300; i++)
      db.all("INSERT INTO entries (id, guid, inserted_at, published_at, content) VALUES (?, ?, 0, 0, ?)", [
        `e${i}`,
        `g${i}`,
        "x".repeat(1000),
      ])
    const reads: string[] = []
    const watched = {
      ...db,
      all: (sql: string, params?: readonly unknown[]) => {
        if (sql.includes("sqlite_dbpage")) reads.push(sql)
        return db.all(sql, params)
      },
    }
    const parts = [...exportChunks(watched)]
    const [geometry] = db.all("SELECT page_size * page_count AS bytes FROM pragma_page_size(), pragma_page_count()")
    const bytes = Number(geometry?.bytes)
    expect(bytes).toBeGreaterThan(3 * EXPORT_CHUNK_BYTES)
    // One read of at most 64 KiB per chunk, never the whole file at once.
    expect(parts.length).toBe(Math.ceil(bytes / EXPORT_CHUNK_BYTES))
    expect(reads).toHaveLength(parts.length)
    expect(parts.slice(0, -1).every((part) => part.length === EXPORT_CHUNK_BYTES)).toBe(true)
    // The database stays usable (the read transaction ended).
    db.all("INSERT INTO unread (id, count) VALUES ('f1', 1)")
    db.close()
    const copy = fileHost(sqlite3, new Uint8Array(Buffer.concat(parts))).open()
    expect(copy.all("SELECT count(*) AS n FROM entries")).toEqual([{ n: 300 }])
    expect(copy.all("PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }])
    const empty = openMigrated(fileHost(sqlite3)).db
    expect([...exportChunks(empty)].length).toBeGreaterThan(0)
  })
})
