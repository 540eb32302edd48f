// Boosts through HTTP (our calls and the official SDK's boosts module): spending POWER on a feed, its level and
// boosters, the catalogue's 4006 for bad amounts with nothing changed, expiry, and what a boost buys: the
// scheduler fetches a boosted feed more often.
import { randomUUID } from "node:crypto"
import { eq, inArray } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { feeds as feedsTable } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let clock = Date.UTC(2026, 10, 5, 9)
const DAY = 86_400_000

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startTestServer({}, { now: () => new Date(clock) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

interface Member {
  user: TestUser
  api: ReturnType<typeof apiAs>
}

/** A user with a wallet, subscribed to a new feed, with one day's reward (20 POWER at 2x). */
async function booster(name: string): Promise<Member & { feedId: string }> {
  const user = await signUp(server.url, name)
  const api = apiAs(server.url, user)
  const path = `/boost-${randomUUID().slice(0, 8)}.xml`
  feeds.set(path, { body: rss(path, items(3, path)) })
  const feedId = (await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
  await api("POST", "/wallets")
  expect((await api("POST", "/wallets/transactions/claim-daily")).body.data.amount).toBe("20")
  return { user, api, feedId }
}

const total = async (m: Member) => Number((await m.api("GET", "/wallets")).body.data[0].powerToken)

describe("boosts", () => {
  it("spends POWER on a feed for 30 days and raises its level; boosters are listed with public fields", async () => {
    const a = await booster("Booster")
    const sdk = sdkAs(server.url, a.user)
    expect((await sdk.boosts.getFeedBoostLevel({ feedId: a.feedId })).data).toEqual({
      monthlyBoostCost: 10,
      boostCount: 0,
      level: 0,
      remainingBoostsToLevelUp: 1,
      lastValidBoost: null,
    })
    const bought = (await sdk.boosts.boostFeed({ feedId: a.feedId, amount: "20" })).data
    expect(bought.transactionHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(bought.expiresAt).toBe(new Date(clock + 30 * DAY).toISOString())
    expect(await total(a)).toBe(0)
    expect((await a.api("GET", `/boosts?feedId=${a.feedId}`)).body.data).toEqual({
      monthlyBoostCost: 10,
      boostCount: 2,
      level: 1,
      remainingBoostsToLevelUp: 1,
      lastValidBoost: { hash: bought.transactionHash, expiresAt: bought.expiresAt },
    })
    const [purchase] = (await a.api("GET", "/wallets/transactions?type=purchase")).body.data
    expect(purchase).toMatchObject({ toFeedId: a.feedId, powerToken: "20", hash: bought.transactionHash })

    // Another user sees the feed's level, not someone else's boost, and boosting adds up.
    const b = await booster("Second")
    const seen = (await b.api("GET", `/boosts?feedId=${a.feedId}`)).body.data
    expect(seen).toMatchObject({ boostCount: 2, level: 1, lastValidBoost: null })
    await b.api("POST", "/boosts", { feedId: a.feedId, amount: 10 })
    expect((await b.api("GET", `/boosts?feedId=${a.feedId}`)).body.data).toMatchObject({
      boostCount: 3,
      level: 2,
      remainingBoostsToLevelUp: 3,
    })
    const boosters = (await sdk.boosts.getFeedBoosters({ feedId: a.feedId })).data
    expect(boosters.map((u) => u.id)).toEqual([a.user.id, b.user.id])
    expect(boosters[0]).toEqual({ id: a.user.id, name: "Booster", handle: null, image: null })

    // Thirty days on, the boosts have run out.
    clock += 31 * DAY
    try {
      expect((await a.api("GET", `/boosts?feedId=${a.feedId}`)).body.data).toMatchObject({ boostCount: 0, level: 0 })
      expect((await a.api("GET", `/boosts/boosters?feedId=${a.feedId}`)).body.data).toEqual([])
    } finally {
      clock -= 31 * DAY
    }
  })

  it("refuses bad amounts with 4006, a missing wallet, POWER or feed with their codes, and changes nothing", async () => {
    const a = await booster("Careful")
    for (const amount of ["0", "5", "15", "-10", "12.5", "abc", "", 1010, null]) {
      const res = await a.api("POST", "/boosts", { feedId: a.feedId, amount })
      expect([amount, res.status, res.body.code]).toEqual([amount, 400, 4006])
    }
    expect((await a.api("POST", "/boosts", { feedId: a.feedId, amount: "30" })).body.code).toBe(4002)
    expect((await a.api("POST", "/boosts", { feedId: "404404", amount: "10" })).body.code).toBe(2001)
    expect((await a.api("GET", "/boosts?feedId=404404")).body.code).toBe(2001)
    expect((await a.api("GET", "/boosts")).status).toBe(400)
    const walletless = apiAs(server.url, await signUp(server.url, "Walletless"))
    expect((await walletless("POST", "/boosts", { feedId: a.feedId, amount: "10" })).body.code).toBe(4001)
    expect(await total(a)).toBe(20)
    expect((await a.api("GET", `/boosts?feedId=${a.feedId}`)).body.data.boostCount).toBe(0)
  })

  it("a boosted feed is fetched (1 + level) times as often", async () => {
    const a = await booster("Fast")
    const b = await booster("Slow")
    await a.api("POST", "/boosts", { feedId: a.feedId, amount: "10" })
    const start = clock
    try {
      clock += 2 * DAY
      await server.refreshDue(new Date(clock))
      const rows = await server.deps.db
        .select({ id: feedsTable.id, next: feedsTable.nextCheckAt, checked: feedsTable.checkedAt })
        .from(feedsTable)
        .where(inArray(feedsTable.id, [a.feedId, b.feedId]))
      const wait = (id: string) => {
        const row = rows.find((r) => r.id === id)!
        expect(row.checked?.getTime()).toBe(clock)
        return (row.next.getTime() - clock) / 60_000
      }
      // Neither feed published in the last weeks: a day between fetches (±10 % jitter); level 1 halves it.
      expect(wait(b.feedId)).toBeGreaterThanOrEqual(1440 * 0.9)
      expect(wait(a.feedId)).toBeGreaterThanOrEqual(720 * 0.9)
      expect(wait(a.feedId)).toBeLessThanOrEqual(720 * 1.1)
    } finally {
      clock = start
      await server.deps.db
        .update(feedsTable)
        .set({ nextCheckAt: new Date(clock + 365 * DAY) })
        .where(eq(feedsTable.id, a.feedId))
    }
  })
})
