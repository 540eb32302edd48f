// Property-style check of the timeline: random subscribes, unsubscribes, list changes, reads and new entries; after
// every step the API's unread counts equal a direct count in the database, and every row's sources match the
// user's subscriptions exactly.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

/** mulberry32: a seeded generator, so a failure can be replayed with its seed. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer({ TRIAL_MAX_FEED_SUBSCRIPTIONS: "100" }), startFeedServer()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

interface World {
  users: { user: TestUser; api: ReturnType<typeof apiAs> }[]
  feedIds: string[]
  feedPaths: string[]
  listIds: string[]
  generation: number[]
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await server.deps.db.execute(query)).rows as T[]
}

async function check(world: World, step: string) {
  for (const { user, api } of world.users) {
    const reported = (await api("GET", "/reads")).body.data as Record<string, number>
    // Counted from the timeline itself: a row is unread while `unread` holds its key.
    const direct = await rows<{ id: string; n: number }>(sql`
      select s.feed_id as id, count(u.entry_id)::int as n from subscriptions s
      left join timeline t on t.user_id = s.user_id and t.feed_id = s.feed_id
      left join unread u on u.user_id = t.user_id and u.entry_id = t.entry_id
      where s.user_id = ${user.id} and s.feed_id is not null group by s.feed_id
      union all
      select s.list_id, count(u.entry_id)::int from subscriptions s
      left join timeline t on t.user_id = s.user_id and s.list_id = any(t.sources)
      left join unread u on u.user_id = t.user_id and u.entry_id = t.entry_id
      where s.user_id = ${user.id} and s.list_id is not null group by s.list_id`)
    expect(reported, step).toEqual(Object.fromEntries(direct.map((r) => [r.id, r.n])))
    const total = await rows<{ n: number }>(sql`select count(*)::int as n from unread where user_id = ${user.id}`)
    expect((await api("GET", "/reads/total-count")).body.data.count, `${step}: total`).toBe(total[0]!.n)
    // Every counter, subscribed or not, equals a count of the rows it counts; and `unread` is a faithful copy.
    const drift = await rows<{ source_id: string }>(sql`
      select c.source_id from unread_counts c where c.user_id = ${user.id} and c.count <> (
        select count(*) from unread u where u.user_id = c.user_id
          and (u.feed_id = c.source_id or c.source_id = any(u.sources)))
      union all
      select x.source_id from (
        select feed_id as source_id from unread where user_id = ${user.id}
        union select s from unread, unnest(sources) s where user_id = ${user.id} and s <> 'feed'
      ) x where not exists (select 1 from unread_counts c where c.user_id = ${user.id} and c.source_id = x.source_id)
      limit 5`)
    expect(drift, `${step}: counters that drifted`).toEqual([])
    const stale = await rows<{ entry_id: string }>(sql`
      select u.entry_id from unread u left join timeline t using (user_id, entry_id)
      where u.user_id = ${user.id} and (t.entry_id is null or (u.feed_id, u.view, u.published_at, u.sources)
        is distinct from (t.feed_id, t.view, t.published_at, t.sources)) limit 5`)
    expect(stale, `${step}: unread rows that differ from their timeline row`).toEqual([])
    // Every row's sources are exactly the ways the user receives that feed now.
    const wrong = await rows<{ entry_id: string }>(sql`
      select t.entry_id from timeline t where t.user_id = ${user.id} and (
        cardinality(t.sources) = 0
        or ('feed' = any(t.sources)) <> exists (select 1 from subscriptions s where s.user_id = t.user_id and s.feed_id = t.feed_id)
        or exists (select 1 from unnest(t.sources) src where src <> 'feed' and not exists (
          select 1 from subscriptions s join list_feeds lf on lf.list_id = s.list_id
          where s.user_id = t.user_id and s.list_id = src and lf.feed_id = t.feed_id))
      ) limit 5`)
    expect(wrong, `${step}: rows with wrong sources`).toEqual([])
  }
}

type Step = (world: World, pick: <T>(list: T[]) => T, chance: () => number) => Promise<string>

const steps: Step[] = [
  async (w, pick) => {
    const u = pick(w.users)
    const i = pick(w.feedIds.map((_, k) => k))
    await u.api("POST", "/subscriptions", { url: feeds.url(w.feedPaths[i]!), view: pick([0, 1]) })
    return `subscribe feed ${i}`
  },
  async (w, pick) => {
    const u = pick(w.users)
    await u.api("DELETE", "/subscriptions", { feedId: pick(w.feedIds) })
    return "unsubscribe feed"
  },
  async (w, pick) => {
    await pick(w.users).api("POST", "/subscriptions", { listId: pick(w.listIds) })
    return "subscribe list"
  },
  async (w, pick) => {
    await pick(w.users).api("DELETE", "/subscriptions", { listId: pick(w.listIds) })
    return "unsubscribe list"
  },
  async (w, pick) => {
    await w.users[0]!.api("POST", "/lists/feeds", { listId: pick(w.listIds), feedId: pick(w.feedIds) })
    return "add feed to list"
  },
  async (w, pick) => {
    await w.users[0]!.api("DELETE", "/lists/feeds", { listId: pick(w.listIds), feedId: pick(w.feedIds) })
    return "remove feed from list"
  },
  async (w, pick, chance) => {
    const u = pick(w.users)
    const page = (await u.api("POST", "/entries", { limit: 50 })).body.data as { entries: { id: string } }[]
    const ids = page.filter(() => chance() < 0.3).map((i) => i.entries.id)
    if (ids.length) await u.api("POST", "/reads", { entryIds: ids })
    return `mark ${ids.length} read`
  },
  async (w, pick) => {
    const u = pick(w.users)
    const page = (await u.api("POST", "/entries", { limit: 50 })).body.data as { entries: { id: string } }[]
    if (page.length) await u.api("DELETE", "/reads", { entryId: pick(page).entries.id })
    return "mark one unread"
  },
  async (w, pick) => {
    const u = pick(w.users)
    const target = pick([{ view: 0 }, { feedId: pick(w.feedIds) }, { listId: pick(w.listIds) }, {}])
    await u.api("POST", "/reads/all", target)
    return `mark all read ${JSON.stringify(target)}`
  },
  async (w, pick) => {
    const i = pick(w.feedIds.map((_, k) => k))
    w.generation[i]! += 1
    const fresh = [{ guid: `g${w.generation[i]}`, title: `new ${w.generation[i]}`, pubDate: new Date() }]
    feeds.set(w.feedPaths[i]!, { body: rss(`feed ${i}`, [...fresh, ...items(3, `p${i}`)]) })
    await server.jobs.queue.add([w.feedIds[i]!])
    await server.jobs.queue.idle()
    return `new entry in feed ${i}`
  },
]

describe("timeline correctness", () => {
  it("unread counts equal a direct database count after every step of a random sequence", async () => {
    const seed = Number(process.env.TIMELINE_SEED ?? Date.now() % 100_000)
    const next = random(seed)
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!
    const users = await Promise.all(
      [0, 1, 2].map(async () => {
        const user = await signUp(server.url)
        return { user, api: apiAs(server.url, user) }
      }),
    )
    const world: World = { users, feedIds: [], feedPaths: [], listIds: [], generation: [] }
    for (let i = 0; i < 5; i++) {
      const path = `/p${i}-${seed}.xml`
      feeds.set(path, { body: rss(`feed ${i}`, items(3, `p${i}`)) })
      world.feedPaths.push(path)
      world.generation.push(0)
      world.feedIds.push(
        (await users[0]!.api("GET", `/feeds?url=${encodeURIComponent(feeds.url(path))}`)).body.data.feed.id,
      )
    }
    for (const title of ["one", "two"]) {
      world.listIds.push((await users[0]!.api("POST", "/lists", { title, view: 0, fee: 0 })).body.data.id)
    }
    await check(world, "start")
    for (let n = 0; n < 120; n++) {
      const step = await pick(steps)(world, pick, next)
      await check(world, `seed ${seed}, step ${n}: ${step}`)
    }
  }, 240_000)
})
