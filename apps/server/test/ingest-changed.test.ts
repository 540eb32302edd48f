// A refresh stores only what is new or changed: the rows it repeats are left out before the upsert, and a refresh
// that brings nothing new opens no transaction (on the embedded database an open transaction holds every other
// statement back).
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ingestEntries } from "../src/reader/ingest.ts"
import type { ParsedEntry } from "../src/reader/types.ts"
import type { Database, DB } from "../src/storage/db.ts"
import { openTestDatabase } from "./support/server.ts"

let database: Database
let transactions = 0
let db: DB
const suffix = Math.random().toString(36).slice(2, 8)
const feedId = `changed-feed-${suffix}`
const userId = `changed-user-${suffix}`

function entry(guid: string, content: string): ParsedEntry {
  return {
    guid,
    title: guid,
    url: `https://example.com/${guid}`,
    content,
    description: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: new Date(`2026-11-0${guid.length}T00:00:00Z`),
    updatedAt: null,
    categories: null,
    media: null,
    attachments: null,
    extra: null,
    language: null,
  }
}

beforeAll(async () => {
  database = await openTestDatabase(true)
  // Counts the transactions ingest opens; everything else goes to the database unchanged.
  db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (property === "transaction") {
        return (...args: Parameters<DB["transaction"]>) => {
          transactions++
          return target.transaction(...args)
        }
      }
      return Reflect.get(target, property, receiver)
    },
  })
  await database.db.execute(sql`insert into feeds (id, url) values (${feedId}, ${`https://example.com/${suffix}.xml`})`)
  await database.db.execute(
    sql`insert into "user" (id, name, email) values (${userId}, 'r', ${`${suffix}@example.com`})`,
  )
  await database.db.execute(
    sql`insert into subscriptions (id, user_id, type, feed_id, view) values (${`s-${suffix}`}, ${userId}, 'feed', ${feedId}, 0)`,
  )
})
afterAll(() => database?.close())

const stored = async () =>
  (
    await database.db.execute<{ guid: string; content: string }>(
      sql`select guid, content from entries where feed_id = ${feedId} order by guid`,
    )
  ).rows
const unreadCount = async () =>
  (
    await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from unread where user_id = ${userId} and feed_id = ${feedId}`,
    )
  ).rows[0].n

describe("a refresh", () => {
  it("stores a new document's entries in one transaction", async () => {
    transactions = 0
    const result = await ingestEntries(db, feedId, [entry("a", "<p>1</p>"), entry("bb", "<p>2</p>")])
    expect(result).toMatchObject({ inserted: 2, updated: 0 })
    expect(transactions).toBe(1)
    expect(await unreadCount()).toBe(2)
  })

  it("that repeats every entry opens no transaction and changes nothing", async () => {
    transactions = 0
    let committed = 0
    const result = await ingestEntries(db, feedId, [entry("a", "<p>1</p>"), entry("bb", "<p>2</p>")], new Date(), {
      afterCommit: async () => void committed++,
    })
    expect(result).toMatchObject({ inserted: 0, updated: 0 })
    expect(transactions).toBe(0)
    expect(committed).toBe(1)
    expect(await unreadCount()).toBe(2)
  })

  it("with one changed and one new entry writes exactly those two", async () => {
    transactions = 0
    const inserted: string[][] = []
    const result = await ingestEntries(
      db,
      feedId,
      [entry("a", "<p>1</p>"), entry("bb", "<p>2, edited</p>"), entry("ccc", "<p>3</p>")],
      new Date(),
      { afterBatch: async (_tx, _feed, ids) => void inserted.push(ids) },
    )
    expect(result).toMatchObject({ inserted: 1, updated: 1 })
    expect(transactions).toBe(1)
    expect(inserted.flat()).toHaveLength(1)
    expect(await stored()).toEqual([
      { guid: "a", content: "<p>1</p>" },
      { guid: "bb", content: "<p>2, edited</p>" },
      { guid: "ccc", content: "<p>3</p>" },
    ])
    expect(await unreadCount()).toBe(3)
  })
})
