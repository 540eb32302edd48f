// Upkeep: statistics (and, embedded, vacuum) for tables that grew, and the unread counters audited and repaired.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startMaintenance } from "../src/jobs/maintenance.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let feeds: FeedServer
beforeAll(async () => {
  feeds = await startFeedServer()
})
afterAll(async () => {
  await feeds?.close()
})

async function subscribedReader(server: TestServer, path: string, count: number) {
  feeds.set(path, { body: rss(path, items(count, path)) })
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  const res = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  expect(res.status).toBe(200)
  return { user, api, feedId: res.body.feed.id as string }
}

describe("unread counters", () => {
  it("go with their user, whatever order the cascades run in", async () => {
    const server = await startTestServer()
    try {
      const reader = await subscribedReader(server, "/departing.xml", 9)
      await reader.api("POST", "/lists", { title: "kept", view: 0, fee: 0 })
      const db = server.deps.db
      const counters = async () =>
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from unread_counts where user_id = ${reader.user.id}`,
          )
        ).rows[0]!.n
      expect(await counters()).toBeGreaterThan(0)
      await db.execute(sql`delete from "user" where id = ${reader.user.id}`)
      expect(await counters()).toBe(0)
    } finally {
      await server.close()
    }
  })
})

describe("maintenance", () => {
  it("gathers statistics for the tables a bulk ingest grew, and then leaves them alone", async () => {
    const server = await startTestServer({ FEED_MAX_ENTRIES_PER_FETCH: "5000" }, { freshDatabase: true })
    try {
      const maintenance = startMaintenance(server.deps, { intervalMs: 3_600_000, vacuum: true })
      await maintenance.tick()
      await subscribedReader(server, "/bulk.xml", 3000)
      const grown = await maintenance.tick()
      expect(grown.tended).toEqual(expect.arrayContaining(["entries", "timeline", "unread"]))
      const stats = await server.deps.db.execute<{ relname: string; reltuples: number }>(
        sql`select relname, reltuples from pg_class where relname in ('timeline', 'unread')`,
      )
      for (const row of stats.rows) expect(row.reltuples, row.relname).toBeGreaterThanOrEqual(3000)
      expect((await maintenance.tick()).tended).toEqual([])
      // Reading most of it leaves dead rows in `unread`, which the embedded database's statistics report within
      // about a second: vacuumed then, and not again.
      await server.deps.db.execute(sql`delete from unread where entry_id in (select entry_id from unread limit 2500)`)
      await expect
        .poll(async () => (await maintenance.tick()).tended, { timeout: 10_000, interval: 500 })
        .toEqual(["unread"])
      expect((await maintenance.tick()).tended).toEqual([])
      await maintenance.stop()
    } finally {
      await server.close()
    }
  }, 120_000)

  it("finds counters that drifted from their rows and repairs only those users'", async () => {
    const server = await startTestServer()
    try {
      const drifting = await subscribedReader(server, "/drift.xml", 12)
      const steady = await subscribedReader(server, "/steady.xml", 7)
      const before = (await steady.api("GET", "/reads")).body.data
      const db = server.deps.db
      // A counter too high, one missing, and one for a source with nothing unread.
      await db.execute(sql`update unread_counts set count = 999 where user_id = ${drifting.user.id}`)
      await db.execute(sql`insert into unread_counts values (${drifting.user.id}, 'gone-feed', false, 4)`)
      const maintenance = startMaintenance(server.deps, { intervalMs: 3_600_000, vacuum: false })
      const repaired = await maintenance.audit()
      expect(repaired).toContain(drifting.user.id)
      expect(repaired).not.toContain(steady.user.id)
      expect((await drifting.api("GET", "/reads")).body.data).toEqual({ [drifting.feedId]: 12 })
      expect((await drifting.api("GET", "/reads/total-count")).body.data.count).toBe(12)
      expect((await steady.api("GET", "/reads")).body.data).toEqual(before)
      await db.execute(sql`delete from unread_counts where user_id = ${drifting.user.id}`)
      expect(await maintenance.audit()).toContain(drifting.user.id)
      expect((await drifting.api("GET", "/reads")).body.data).toEqual({ [drifting.feedId]: 12 })
      await maintenance.stop()
    } finally {
      await server.close()
    }
  }, 120_000)
})
