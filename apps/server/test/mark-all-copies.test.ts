// Mark all read for a reader with many copies grouped across feeds (issue 15's duplicates) stays one pass over the
// marked rows. Its copies step once looked each copy up in the marked rows with IN / NOT IN subplans, which
// PostgreSQL hashes only when it expects them to fit in work_mem: 100,000 marked rows with 10,000 copies took 146 s
// on the embedded database (2 MB of work_mem), 0.75 s with joins. Checked here at a smaller scale with a work_mem
// small enough that nothing of the size hashes in memory: no step of the plan may scan the marked rows per row.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, expect, it } from "vitest"
import { newId, newIds } from "../src/ids.ts"
import { markAllReadStatement } from "../src/storage/timeline.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { removeSoloReader, seedSoloReader } from "./support/solo-reader.ts"

const FEEDS = 20
const PER_FEED = 1000
/** Rows grouped as copies: each the copy of the entry before it. */
const COPIES = 2000

let server: TestServer
const userId = newId()
const feedIds = newIds(FEEDS)

interface PlanNode {
  "Node Type": string
  "CTE Name"?: string
  "Actual Loops"?: number
  Plans?: PlanNode[]
}

/** CTE scans run more than once: a CTE's rows read again for each row of another step. */
function rescans(node: PlanNode): string[] {
  const own =
    node["Node Type"] === "CTE Scan" && (node["Actual Loops"] ?? 0) > 1
      ? [`${node["CTE Name"]} scanned ${node["Actual Loops"]} times`]
      : []
  return [...own, ...(node.Plans ?? []).flatMap(rescans)]
}

beforeAll(async () => {
  server = await startTestServer()
  const db = server.deps.db
  const entryIds = await seedSoloReader(db, { userId, feedIds, perFeed: PER_FEED, name: "copies reader" })
  await db.execute(sql`update timeline t set duplicate_of = (${sql.param(entryIds)}::text[])[x.n - 1]
    from unnest((${sql.param(entryIds)}::text[])[1:${COPIES * 2}]) with ordinality as x(id, n)
    where t.user_id = ${userId} and t.entry_id = x.id and x.n % 2 = 0`)
  await db.execute(sql`analyze timeline`)
  await db.execute(sql`analyze unread`)
}, 240_000)
afterAll(async () => {
  if (server) await removeSoloReader(server.deps.db, userId, feedIds)
  await server?.close()
})

it("marks every row of a reader with thousands of copies in one pass over the marked rows", async () => {
  let plan: PlanNode | undefined
  await server.deps.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64kB'`)
      const result = await tx.execute<{ "QUERY PLAN": unknown }>(
        sql`explain (analyze, format json) ${markAllReadStatement({ userId })}`,
      )
      const raw = result.rows[0]!["QUERY PLAN"]
      plan = (typeof raw === "string" ? JSON.parse(raw) : (raw as { Plan: PlanNode }[]))[0]!.Plan
      tx.rollback()
    })
    .catch((error: unknown) => {
      if (!String(error).includes("Rollback")) throw error
    })
  expect(plan).toBeDefined()
  expect(rescans(plan!)).toEqual([])
}, 120_000)
