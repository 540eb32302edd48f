// The embedded database keeps repeated statements prepared (storage/pglite-prepared.ts): the same answers as
// PGlite's own path, a session that stays usable after an error, and a bounded number of statements kept.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Database, openDatabase } from "../src/storage/db.ts"

let database: Database

beforeAll(async () => {
  database = await openDatabase({})
  await database.db.execute(sql`create table probe (id text primary key, n int, at timestamptz, tags text[])`)
  await database.db.execute(
    sql`insert into probe select i::text, i, '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 hour', array['a', i::text]
        from generate_series(1, 50) i`,
  )
})
afterAll(() => database.close())

let probes = 0
/** Each probe's text differs, so the probe itself never becomes a prepared statement. */
const preparedCount = async () =>
  (
    await database.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from pg_prepared_statements /* ${probes++} */`),
    )
  ).rows[0].n

const page = (ids: string[], above: number) =>
  database.db.execute<{ id: string; n: number; tags: string[] }>(
    sql`select id, n, tags from probe where id = any(${sql.param(ids)}::text[]) and n > ${above} order by n`,
  )

describe("prepared statements on the embedded database", () => {
  it("prepares a text the second time it runs, and answers as the first run did", async () => {
    const before = await preparedCount()
    const first = await page(["3", "4", "40"], 3)
    expect(await preparedCount()).toBe(before)
    const second = await page(["3", "4", "40"], 3)
    expect(await preparedCount()).toBe(before + 1)
    const third = await page(["5", "41"], 40)
    expect(second.rows).toEqual(first.rows)
    expect(first.rows).toEqual([
      { id: "4", n: 4, tags: ["a", "4"] },
      { id: "40", n: 40, tags: ["a", "40"] },
    ])
    expect(third.rows).toEqual([{ id: "41", n: 41, tags: ["a", "41"] }])
    expect(await preparedCount()).toBe(before + 1)
  })

  it("serialises parameters by the types the statement declares (dates, nulls, arrays, JSON)", async () => {
    const query = (at: Date, label: string | null) =>
      database.db.execute<{ at: string; label: string | null; doc: unknown }>(
        sql`select ${at}::timestamptz as at, ${label}::text as label, ${JSON.stringify({ a: [1, "x"] })}::jsonb as doc`,
      )
    for (let i = 0; i < 3; i++) {
      const { rows } = await query(new Date("2026-11-25T10:00:00Z"), i === 1 ? null : "x")
      expect(new Date(rows[0].at).toISOString()).toBe("2026-11-25T10:00:00.000Z")
      expect(rows[0].label).toBe(i === 1 ? null : "x")
      expect(rows[0].doc).toEqual({ a: [1, "x"] })
    }
  })

  it("throws the database's error for a failing prepared statement and keeps the session usable", async () => {
    const divide = (by: number) => database.db.execute<{ q: number }>(sql`select 10 / ${by}::int as q`)
    expect((await divide(2)).rows[0].q).toBe(5)
    expect((await divide(5)).rows[0].q).toBe(2)
    const failure: unknown = await divide(0).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect((failure as { cause?: { message?: string } }).cause?.message).toBe("division by zero")
    expect((await divide(10)).rows[0].q).toBe(1)
    // A transaction after the error runs normally: nothing was left open.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update probe set n = n where id = '1'`)
    })
  })

  it("keeps at most 200 statements prepared, closing the least recently used", async () => {
    for (let i = 0; i < 230; i++) {
      for (let run = 0; run < 2; run++) await database.db.execute(sql.raw(`select ${i} as n, 'distinct text'`))
    }
    const count = await preparedCount()
    expect(count).toBeGreaterThan(150)
    expect(count).toBeLessThanOrEqual(200)
    // The statement used most recently is still among them and still answers.
    expect((await database.db.execute<{ n: number }>(sql.raw(`select 229 as n, 'distinct text'`))).rows[0].n).toBe(229)
  })
})
