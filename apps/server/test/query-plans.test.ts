// The hot statements are planned as index scans in the order they answer: no sequential scan of a big table and no
// sort of one, for every filter a page takes (all, view, feed, several feeds, a list, unread only, starred, an
// inbox), the unread counts, mark-all-read and check-new. Checked on data of a realistic shape (a reader with
// 20,000 entries among 400 other readers, 20,000 feeds) written in bulk, once the maintenance job (jobs/maintenance.ts)
// has noticed the growth and gathered statistics, as it does within MAINTENANCE_INTERVAL_SECONDS of an ingest.
import { type SQL, sql } from "drizzle-orm"
import { PgDialect } from "drizzle-orm/pg-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId, newIds } from "../src/ids.ts"
import { startMaintenance } from "../src/jobs/maintenance.ts"
import { inboxPageQuery } from "../src/storage/inboxes.ts"
import {
  markAllReadStatement,
  newestInsertedAfterStatement,
  pageStatement,
  starredPageStatement,
  type TimelineFilter,
  unreadCountsStatement,
  withListFeeds,
} from "../src/storage/timeline.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { groupEveryNth, removeSoloReader, seedSoloReader } from "./support/solo-reader.ts"

/** Tables that grow with readers and entries; a sequential scan or an unbounded sort of one fails the test. */
const BIG = new Set(["timeline", "unread", "entries", "collections", "inbox_entries", "unread_counts", "feeds"])
/** Enough feeds that looking a page's feeds up by key is the plan a real server needs (and gets). */
const ALL_FEEDS = 20_000
const FEEDS = 40
const PER_FEED = 500
const NOISE_USERS = 400
/** Each other reader's newest entries per feed: together about 160,000 timeline rows, the reader a tenth of them. */
const NOISE_PER_FEED = 10
/**
 * The most rows a sort may take: a page of each of up to 32 feeds read feed by feed (PER_FEED_MAX in
 * storage/timeline.ts), merged; anything that sorts a reader's rows wholesale sorts thousands.
 */
const SORT_MAX = 32 * 100

let server: TestServer
const reader = { id: "", feedIds: [] as string[], listId: "", handle: "" }
const seeded = { userIds: [] as string[], feedIds: [] as string[] }

interface PlanNode {
  "Node Type": string
  "Relation Name"?: string
  "CTE Name"?: string
  "Actual Rows"?: number
  "Actual Loops"?: number
  Plans?: PlanNode[]
}

class RolledBack extends Error {}

/** The plan as run (EXPLAIN ANALYZE, so each node says how many rows it really handled), changing nothing. */
async function explain(query: SQL, db = server.deps.db): Promise<PlanNode> {
  let plan: unknown
  await db
    .transaction(async (tx) => {
      const result = await tx.execute<{ "QUERY PLAN": unknown }>(sql`explain (analyze, format json) ${query}`)
      plan = result.rows[0]!["QUERY PLAN"]
      throw new RolledBack()
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error
    })
  return (typeof plan === "string" ? JSON.parse(plan) : (plan as { Plan: PlanNode }[]))[0]!.Plan
}

/**
 * The plan a prepared statement settles on, as the server runs the hot ones (storage/db.ts executePrepared): after
 * five custom plans PostgreSQL keeps the generic one only when it costs no more than they did, and else plans every
 * call anew (about a millisecond, more than a page takes to run). Prepared, run six times as a server would (so the
 * sixth chooses), then explained as the generic plan; the count of generic plans says which one it chose.
 */
async function explainPrepared(query: SQL): Promise<{ plan: PlanNode; chosenGeneric: boolean }> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query)
  // EXECUTE takes no bound parameters: its arguments are written out as literals.
  const literal = (value: unknown): string =>
    Array.isArray(value)
      ? `array[${value.map(literal).join(", ")}]::text[]`
      : typeof value === "number"
        ? String(value)
        : `'${String(value).replaceAll("'", "''")}'`
  const args = sql.raw(params.map(literal).join(", "))
  let found: { plan: PlanNode; chosenGeneric: boolean } | undefined
  await server.deps.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare plan_check as ${text}`))
      for (let i = 0; i < 6; i++) await tx.execute(sql`execute plan_check(${args})`)
      const [row] = (
        await tx.execute<{ generic: number }>(
          sql`select generic_plans::int as generic from pg_prepared_statements where name = 'plan_check'`,
        )
      ).rows
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
      const result = await tx.execute<{ "QUERY PLAN": unknown }>(
        sql`explain (analyze, format json) execute plan_check(${args})`,
      )
      await tx.execute(sql`deallocate plan_check`)
      const plan = result.rows[0]!["QUERY PLAN"]
      found = {
        plan: (typeof plan === "string" ? JSON.parse(plan) : (plan as { Plan: PlanNode }[]))[0]!.Plan,
        chosenGeneric: (row?.generic ?? 0) > 0,
      }
      throw new RolledBack()
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error
    })
  return found!
}

/** What is wrong with a plan: sequential scans of big tables, and sorts of more rows than a page. */
function problems(node: PlanNode, big = BIG): string[] {
  const found: string[] = []
  const relation = node["Relation Name"]
  if (node["Node Type"] === "Seq Scan" && relation && big.has(relation)) found.push(`seq scan of ${relation}`)
  // A mark-all sorting the rows it deletes (to join them with the copies) sorts what it must touch anyway.
  const inputs = node.Plans ?? []
  const ofMarked = inputs.length > 0 && inputs.every((child) => child["CTE Name"] === "marked")
  if (node["Node Type"] === "Sort" && !ofMarked) {
    const sorted = (node.Plans ?? []).reduce((n, child) => n + (child["Actual Rows"] ?? 0), 0)
    if (sorted > SORT_MAX) found.push(`sort of ${sorted} rows`)
  }
  for (const child of node.Plans ?? []) found.push(...problems(child, big))
  return found
}

async function seed() {
  const db = server.deps.db
  const now = sql.raw(String(Date.now() / 1000))
  const userIds = newIds(NOISE_USERS + 1)
  seeded.userIds = userIds
  reader.id = userIds[0]!
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select id, 'plan reader', id || '@plans.test', true from unnest(${sql.param(userIds)}::text[]) id`)
  const feedIds = newIds(ALL_FEEDS)
  seeded.feedIds = feedIds
  reader.feedIds = feedIds.slice(0, FEEDS)
  await db.execute(sql`insert into feeds (id, url, title)
    select id, 'https://plans.test/' || id, 'feed ' || id from unnest(${sql.param(feedIds)}::text[]) id`)
  const entryIds = newIds(FEEDS * PER_FEED)
  await db.execute(sql`insert into entries (id, feed_id, guid, title, description, published_at, inserted_at)
    select e.id, (${sql.param(reader.feedIds)}::text[])[1 + (e.n - 1) % ${FEEDS}], 'g' || e.n, 'title ' || e.n,
      'about ' || e.n, to_timestamp(${now} - e.n * 60), to_timestamp(${now} - e.n * 30)
    from unnest(${sql.param(entryIds)}::text[]) with ordinality as e(id, n)`)
  // Every reader follows the 40 feeds (the first ten in Social media); the noise readers get each feed's newest 5.
  await db.execute(sql`insert into subscriptions (id, user_id, type, feed_id, view)
    select ${newId()} || '-' || u.n || '-' || f.n, u.id, 'feed', f.id, case when f.n <= 10 then 1 else 0 end
    from unnest(${sql.param(userIds)}::text[]) with ordinality as u(id, n),
      unnest(${sql.param(reader.feedIds)}::text[]) with ordinality as f(id, n)`)
  await db.execute(sql`insert into timeline (user_id, entry_id, feed_id, view, published_at, inserted_at)
    select s.user_id, e.id, e.feed_id, s.view, e.published_at, e.inserted_at
    from subscriptions s cross join lateral (
      select * from entries where feed_id = s.feed_id order by published_at desc
      limit case when s.user_id = ${reader.id} then ${PER_FEED}::int else ${NOISE_PER_FEED}::int end
    ) e
    where s.user_id = any(${sql.param(userIds)}::text[])`)
  // Half of the reader's entries are read; a list brings five of the feeds; a tenth are starred; an inbox.
  await db.execute(
    sql`delete from unread where user_id = ${reader.id} and published_at < to_timestamp(${now} - ${(FEEDS * PER_FEED * 60) / 2})`,
  )
  reader.listId = newId()
  await db.execute(
    sql`insert into lists (id, owner_user_id, title, view) values (${reader.listId}, ${reader.id}, 'plan list', 0)`,
  )
  await db.execute(sql`insert into list_feeds (list_id, feed_id)
    select ${reader.listId}, id from unnest(${sql.param(reader.feedIds.slice(0, 5))}::text[]) id`)
  await db.execute(
    sql`insert into subscriptions (id, user_id, type, list_id, view) values (${newId()}, ${reader.id}, 'list', ${reader.listId}, 0)`,
  )
  await db.execute(sql`update timeline set sources = sources || ${reader.listId}::text
    where user_id = ${reader.id} and feed_id = any(${sql.param(reader.feedIds.slice(0, 5))}::text[])`)
  await db.execute(sql`insert into collections (user_id, entry_id, feed_id, view, created_at)
    select user_id, entry_id, feed_id, view, inserted_at from timeline where user_id = ${reader.id} and random() < 0.1`)
  // A seventh of the reader's rows are copies of the row before them (duplicates across feeds), grouped after they
  // arrived as the search indexer does, so their row versions are the table's last: a plan that looks for "any copy"
  // by scanning the table reads all the rest first.
  await groupEveryNth(db, reader.id, 7)
  reader.handle = `plans-${reader.id}`
  await db.execute(sql`insert into inboxes (handle, user_id, secret) values (${reader.handle}, ${reader.id}, 'secret')`)
  // Twenty other readers have an inbox of a thousand letters each.
  const handles = [reader.handle, ...userIds.slice(1, 21).map((id) => `plans-${id}`)]
  await db.execute(sql`insert into inboxes (handle, user_id, secret)
    select 'plans-' || id, id, 'secret' from unnest(${sql.param(userIds.slice(1, 21))}::text[]) id`)
  await db.execute(sql`insert into inbox_entries (id, inbox_handle, guid, title, published_at, read)
    select x.id, (${sql.param(handles)}::text[])[1 + (x.n - 1) % ${handles.length}], x.id, 'mail',
      to_timestamp(${now} - x.n * 100), x.n % 2 = 0
    from unnest(${sql.param(newIds(handles.length * 1_000))}::text[]) with ordinality as x(id, n)`)
}

beforeAll(async () => {
  server = await startTestServer()
  await seed()
}, 240_000)
afterAll(async () => {
  // On PostgreSQL the test database outlives the run: take the bulk away again (users and feeds cascade).
  if (server && seeded.userIds.length) {
    await server.deps.db.execute(sql`delete from "user" where id = any(${sql.param(seeded.userIds)}::text[])`)
    await server.deps.db.execute(sql`delete from feeds where id = any(${sql.param(seeded.feedIds)}::text[])`)
  }
  await server?.close()
}, 120_000)

function filters(): [string, TimelineFilter][] {
  const userId = reader.id
  const base: [string, TimelineFilter][] = [
    ["all", { userId, excludeHidden: true }],
    ["a view", { userId, view: 0, excludeHidden: true }],
    ["a feed", { userId, feedIds: [reader.feedIds[3]!] }],
    ["a category (12 feeds)", { userId, feedIds: reader.feedIds.slice(10, 22) }],
    ["every feed (40)", { userId, feedIds: reader.feedIds }],
    ["a list", { userId, listId: reader.listId }],
    ["all, private left out", { userId, excludePrivate: true, excludeHidden: true }],
  ]
  const before = new Date(Date.now() - 3 * 86_400_000)
  return base.flatMap(([name, f]) => [
    [name, f],
    [`${name}, unread`, { ...f, unreadOnly: true }],
    [`${name}, unread, next page`, { ...f, unreadOnly: true, before }],
  ])
}

async function statements(): Promise<[string, SQL][]> {
  const db = server.deps.db
  const pages = await Promise.all(
    filters().map(async ([name, f]): Promise<[string, SQL]> => {
      return [`page: ${name}`, pageStatement(await withListFeeds(db, f), 100, false).query]
    }),
  )
  const userId = reader.id
  return [
    ...pages,
    ["page with content", pageStatement({ userId, view: 1, unreadOnly: true }, 100, true).query],
    ["starred", starredPageStatement({ userId }, 100, false).query],
    ["starred, unread", starredPageStatement({ userId, unreadOnly: true }, 100, false).query],
    ["starred in a view, next page", starredPageStatement({ userId, view: 1, before: new Date() }, 100, false).query],
    ["inbox", inboxPageQuery(db, { userId, handle: reader.handle }).limit(100).getSQL()],
    ["inbox, unread", inboxPageQuery(db, { userId, handle: reader.handle, unreadOnly: true }).limit(100).getSQL()],
    ["unread counts", unreadCountsStatement(userId).query],
    ["unread counts of a view", unreadCountsStatement(userId, 1).query],
    ["mark all read", markAllReadStatement({ userId, unreadOnly: true })],
    ["mark a feed read", markAllReadStatement({ userId, unreadOnly: true, feedIds: [reader.feedIds[0]!] })],
    ["mark a view read", markAllReadStatement({ userId, unreadOnly: true, view: 1 })],
    ["mark a list read", markAllReadStatement({ userId, unreadOnly: true, listId: reader.listId })],
    ["check new", newestInsertedAfterStatement({ userId }, new Date(Date.now() - 86_400_000))],
    [
      "check new, unread",
      newestInsertedAfterStatement({ userId, unreadOnly: true }, new Date(Date.now() - 86_400_000)),
    ],
  ]
}

describe("query plans", () => {
  for (const stage of ["after the maintenance job's statistics", "after a full ANALYZE"]) {
    it(`uses indexes in shown order for every hot statement, ${stage}`, async () => {
      if (stage.includes("maintenance")) {
        const maintenance = startMaintenance(server.deps, { intervalMs: 3_600_000, vacuum: false })
        expect((await maintenance.tick()).tended).toEqual(expect.arrayContaining(["timeline", "unread", "entries"]))
        await maintenance.stop()
      } else await server.deps.db.execute(sql`analyze`)
      const report: string[] = []
      for (const [name, query] of await statements()) {
        if (process.env.PLAN_DEBUG && name.includes(process.env.PLAN_DEBUG)) {
          const text = await server.deps.db.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`)
          console.log(`${stage} — ${name}\n${text.rows.map((r) => r["QUERY PLAN"]).join("\n")}`)
        }
        const found = problems(await explain(query))
        if (found.length) report.push(`${name}: ${found.join("; ")}`)
      }
      expect(report).toEqual([])
    }, 120_000)
  }

  it("keeps one generic plan for each prepared page, and the generic plans of pages and counts use indexes in shown order", async () => {
    const report: string[] = []
    for (const [name, query] of await statements()) {
      if (!/^(page|starred|unread counts)/.test(name)) continue // the rest are not prepared statements
      const { plan, chosenGeneric } = await explainPrepared(query)
      // A page planned per call costs about 1 ms (timeline.ts firstRows keeps its generic plan the cheaper one). The
      // counts statement is small, and whether PostgreSQL plans it per call (about 0.1 ms) depends on the
      // statistics of the moment: only its generic plan's shape is held to here.
      if (!chosenGeneric && !name.startsWith("unread counts")) report.push(`${name}: planned anew every call`)
      const found = problems(plan)
      if (found.length) report.push(`${name}, generic plan: ${found.join("; ")}`)
    }
    expect(report).toEqual([])
  }, 120_000)

  it("finds a plan's faults (the check itself)", async () => {
    const scan = await explain(sql`select * from timeline where feed_id like '%' order by inserted_at`)
    expect(problems(scan).sort()).toEqual(["seq scan of timeline", expect.stringMatching(/^sort of \d+ rows$/)])
  })
})

describe("query plans of a server with one reader", () => {
  // The usual self-hosted database: one reader owns nearly every row, so "any row of the reader's" looks cheap to find
  // by scanning the table, and the copies (duplicates across feeds) are the rows grouped last, at the table's end.
  let solo: TestServer
  const SOLO_BIG = new Set(["timeline", "unread"])
  const userId = newId()
  const feedIds = newIds(10)
  beforeAll(async () => {
    solo = await startTestServer()
    const db = solo.deps.db
    await seedSoloReader(db, { userId, feedIds, perFeed: 500, name: "solo reader" })
    await groupEveryNth(db, userId, 7)
    await db.execute(sql`analyze`)
  }, 120_000)
  afterAll(async () => {
    if (solo) await removeSoloReader(solo.deps.db, userId, feedIds)
    await solo?.close()
  }, 60_000)

  it("asks the index of copies whether the reader has any, and reads no table whole for a page", async () => {
    const report: string[] = []
    for (const [name, f] of [
      ["all", { userId, excludeHidden: true }],
      ["all, unread", { userId, unreadOnly: true, excludeHidden: true }],
      ["a view, unread", { userId, view: 0, unreadOnly: true, excludeHidden: true }],
    ] as [string, TimelineFilter][]) {
      // Its feeds and stars are a handful of rows here, which a scan reads fastest; the other test has them big.
      const found = problems(await explain(pageStatement(f, 100, false).query, solo.deps.db), SOLO_BIG)
      if (found.length) report.push(`${name}: ${found.join("; ")}`)
    }
    expect(report).toEqual([])
  })
})
