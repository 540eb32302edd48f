// POWER through HTTP (our calls and the official SDK's wallets module): the wallet, the daily claim, tips to users
// and feeds, withdrawals, ranking, and the ledger's promises under parallel clients: no double spend, no POWER lost
// or made, no balance below zero, and one user's wallet out of another's reach.
import { randomUUID } from "node:crypto"
import { eq, sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { feeds as feedsTable, ledgerAccounts } from "../src/storage/schema.ts"
import { finishDailyRun, startDailyRun } from "../src/storage/wallets.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
const logLines: string[] = []
let feeds: FeedServer
let clock = Date.UTC(2026, 10, 2, 9)
const DAY = 86_400_000
const adminEmail = `power-admin-${randomUUID()}@example.test`

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startTestServer(
    // Errors only: the refresh test reads the log for the one a drift writes.
    { ADMIN_EMAILS: adminEmail, LOG_LEVEL: "error" },
    { now: () => new Date(clock), logSink: (line) => logLines.push(line) },
  )
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

interface Member {
  user: TestUser
  api: ReturnType<typeof apiAs>
}

async function member(name = "Holder", email?: string): Promise<Member> {
  const user = await signUp(server.url, name, email)
  return { user, api: apiAs(server.url, user) }
}

async function withWallet(name = "Holder", email?: string): Promise<Member> {
  const m = await member(name, email)
  expect((await m.api("POST", "/wallets")).status).toBe(200)
  return m
}

async function balances(m: Member) {
  const wallet = (await m.api("GET", "/wallets")).body.data[0]
  return {
    total: Number(wallet.powerToken),
    reward: Number(wallet.dailyPowerToken),
    earned: Number(wallet.cashablePowerToken),
  }
}

/** Every non-system account's balance and the sum over all accounts (0: each POWER issued is owed by issuance). */
async function ledgerState() {
  const { db } = server.deps
  const negatives = await db.execute<{ id: string }>(
    sql`select id from ${ledgerAccounts} where kind <> 'system' and balance < 0`,
  )
  const total = await db.execute<{ sum: string }>(
    sql`select coalesce(sum(balance), 0)::text as sum from ${ledgerAccounts}`,
  )
  const drift = await db.execute<{ id: string }>(sql`
    select a.id from ledger_accounts a
    where a.balance <> coalesce((select sum(e.amount) from ledger_entries e where e.account_id = a.id), 0)`)
  return { negatives: negatives.rows.length, sum: Number(total.rows[0]!.sum), drift: drift.rows.length }
}

let feedCount = 0
async function subscribedFeed(m: Member): Promise<string> {
  const path = `/power-${++feedCount}-${randomUUID().slice(0, 6)}.xml`
  feeds.set(path, { body: rss(path, items(3, path)) })
  const res = await m.api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  expect(res.status).toBe(200)
  return res.body.feed.id
}

describe("wallets", () => {
  it("creates a wallet once, matches the SDK's shapes, and claims the daily reward once per day", async () => {
    const m = await member("Dana")
    const sdk = sdkAs(server.url, m.user)
    expect(await sdk.wallets.get()).toEqual({ code: 0, data: [] })
    // Before a wallet exists there is nothing to claim into.
    expect((await m.api("POST", "/wallets/transactions/claim-daily")).body.code).toBe(4001)
    const created = await sdk.wallets.post()
    expect(created.data).toMatchObject({
      userId: m.user.id,
      powerToken: "0",
      address: expect.stringMatching(/^power:/),
    })
    expect((await sdk.wallets.post()).data.address).toBe(created.data.address)

    const check = await sdk.wallets.transactions.claimCheck()
    // No subscriptions, no reads: the reward at 1x.
    expect(check.data).toMatchObject({ canClaim: true, amount: "10" })
    const claimed = await sdk.wallets.transactions.claimDaily()
    expect(claimed.data).toEqual({ amount: "10", txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const again = await sdkFailure(sdk.wallets.transactions.claimDaily())
    expect([again.status, Number(again.code)]).toEqual([400, 4000])
    expect(await balances(m)).toEqual({ total: 10, reward: 10, earned: 0 })

    const after = (await sdk.wallets.transactions.claimCheck()).data
    expect(after.canClaim).toBe(false)
    expect(after.nextClaimTime).toBe(new Date(Date.UTC(2026, 10, 3)).toISOString())
    const [wallet] = (await sdk.wallets.get()).data
    expect(wallet).toMatchObject({ todayDailyPower: "10", level: { level: 1, rank: expect.any(Number) } })

    const list = (await sdk.wallets.transactions.get({ type: "mint" })).data
    expect(list).toMatchObject([{ type: "mint", powerToken: "10", toUserId: m.user.id, hash: claimed.data.txHash }])
    expect((await sdk.wallets.powerPrice()).data).toEqual({ rss3: 0 })
  })

  it("the multiplier follows activity, and the next UTC day opens a new claim", async () => {
    const m = await withWallet("Eve")
    await subscribedFeed(m)
    // One subscription: 2x.
    expect((await m.api("POST", "/wallets/transactions/claim-daily")).body.data.amount).toBe("20")
    clock += DAY
    try {
      expect((await m.api("GET", "/wallets/transactions/claim-check")).body.data.canClaim).toBe(true)
      expect((await m.api("POST", "/wallets/transactions/claim-daily")).body.data.amount).toBe("20")
      expect((await balances(m)).total).toBe(40)
    } finally {
      clock -= DAY
    }
  })

  it("answers 4005 while the daily computation runs, and claims again once it is done", async () => {
    const m = await withWallet("Finn")
    const { db } = server.deps
    expect(await startDailyRun(db, new Date(clock), new Date(clock - 600_000))).toBe(true)
    try {
      const res = await m.api("POST", "/wallets/transactions/claim-daily")
      expect([res.status, res.body.code]).toEqual([400, 4005])
      expect((await balances(m)).total).toBe(0)
    } finally {
      await finishDailyRun(db, undefined)
    }
    expect((await m.api("POST", "/wallets/transactions/claim-daily")).status).toBe(200)
  })

  it("keeps one user's wallet and transactions out of another's reach", async () => {
    const a = await withWallet("Ann")
    const b = await withWallet("Ben")
    await a.api("POST", "/wallets/transactions/claim-daily")
    // Filters naming another user narrow the caller's own transactions; they never widen them.
    for (const query of [`fromUserId=${a.user.id}`, `toUserId=${a.user.id}`, `fromOrToUserId=${a.user.id}`, ""]) {
      const res = await b.api("GET", `/wallets/transactions?${query}`)
      expect(res.body).toEqual({ code: 0, data: [] })
    }
    const hash = (await a.api("GET", "/wallets/transactions")).body.data[0].hash
    expect((await b.api("GET", `/wallets/transactions?hash=${hash}`)).body.data).toEqual([])
    expect((await b.api("GET", "/wallets")).body.data[0].userId).toBe(b.user.id)
    // Pending withdrawals are the admin's view only.
    expect((await b.api("GET", "/wallets/withdrawals")).body.code).toBe(1004)
    expect((await b.api("POST", "/wallets/withdrawals/complete", { hash })).body.code).toBe(1004)
    expect((await apiAs(server.url, undefined)("GET", "/wallets")).status).toBe(401)
  })

  it("tips a user, a claimed feed's owner, or an unclaimed feed's pool", async () => {
    const tipper = await withWallet("Tipper")
    const owner = await withWallet("Owner")
    await tipper.api("POST", "/wallets/transactions/claim-daily")
    const unclaimed = await subscribedFeed(tipper)
    const claimed = await subscribedFeed(tipper)
    await server.deps.db.update(feedsTable).set({ ownerUserId: owner.user.id }).where(eq(feedsTable.id, claimed))

    const sdk = sdkAs(server.url, tipper.user)
    const toUser = await sdk.wallets.transactions.tip({ toUserId: owner.user.id, amount: "2" })
    expect(toUser.data.txHash).toMatch(/^0x/)
    // The newest first: the next tip a second later.
    clock += 1000
    expect((await tipper.api("POST", "/wallets/transactions/tip", { feedId: claimed, amount: "3" })).status).toBe(200)
    const entryId = (await tipper.api("POST", "/entries", { feedId: unclaimed, limit: 1 })).body.data[0].entries.id
    const toPool = await tipper.api("POST", "/wallets/transactions/tip", { entryId, amount: 4 })
    expect(toPool.status).toBe(200)

    expect(await balances(owner)).toEqual({ total: 5, reward: 0, earned: 5 })
    // Tips are paid from daily rewards first.
    expect(await balances(tipper)).toEqual({ total: 1, reward: 1, earned: 0 })
    const [pool] = await server.deps.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, `feed:${unclaimed}`))
    expect(pool?.balance).toBe(4)
    const sent = (await tipper.api("GET", `/wallets/transactions?type=tip&toFeedId=${unclaimed}`)).body.data
    expect(sent).toMatchObject([{ toEntryId: entryId, toFeed: { id: unclaimed }, toUserId: null, powerToken: "4" }])
    const received = (await owner.api("GET", "/wallets/transactions?type=tip")).body.data
    expect(received.map((t: { powerToken: string }) => t.powerToken)).toEqual(["3", "2"])
    expect(received[0].fromUser).toMatchObject({ id: tipper.user.id, name: "Tipper" })
    expect(received[0].fromUser.email).toBeUndefined()
  })

  it("refuses bad tips with the catalogue's codes and changes nothing", async () => {
    const tipper = await withWallet("Careful")
    const other = await withWallet("Other")
    const walletless = await member("Walletless")
    await tipper.api("POST", "/wallets/transactions/claim-daily")
    const before = await balances(tipper)
    const cases: [unknown, number][] = [
      [{ toUserId: other.user.id, amount: "0" }, 4],
      [{ toUserId: other.user.id, amount: "-5" }, 4],
      [{ toUserId: other.user.id, amount: "1.5" }, 4],
      [{ toUserId: other.user.id, amount: "abc" }, 4],
      [{ toUserId: other.user.id, amount: "99999999999999" }, 4],
      [{ toUserId: other.user.id }, 4],
      [{ amount: "1" }, 4],
      [{ toUserId: other.user.id, amount: "11" }, 4002],
      [{ toUserId: tipper.user.id, amount: "1" }, 4004],
      [{ toUserId: "no-such-user", amount: "1" }, 4004],
      [{ feedId: "404404404", amount: "1" }, 2001],
      [{ entryId: "404404404", amount: "1" }, 3000],
    ]
    for (const [body, code] of cases) {
      const res = await tipper.api("POST", "/wallets/transactions/tip", body)
      expect([body, res.body.code]).toEqual([body, code])
      expect(res.status).toBeGreaterThanOrEqual(400)
    }
    expect(
      (await walletless.api("POST", "/wallets/transactions/tip", { toUserId: other.user.id, amount: "1" })).body.code,
    ).toBe(4001)
    expect(await balances(tipper)).toEqual(before)
    expect((await balances(other)).total).toBe(0)
    expect((await tipper.api("GET", "/wallets/transactions?type=tip")).body.data).toEqual([])
  })

  it("a retried tip with the same idempotency key moves POWER once", async () => {
    const tipper = await withWallet("Retry")
    const other = await withWallet("Target")
    await tipper.api("POST", "/wallets/transactions/claim-daily")
    const body = { toUserId: other.user.id, amount: "3", idempotencyKey: "tip-once" }
    const [first, second] = await Promise.all([
      tipper.api("POST", "/wallets/transactions/tip", body),
      tipper.api("POST", "/wallets/transactions/tip", body),
    ])
    expect(first.body.data.txHash).toBe(second.body.data.txHash)
    expect((await balances(other)).total).toBe(3)
    expect((await balances(tipper)).total).toBe(7)
  })

  it("50 parallel tips cannot spend more than the balance", async () => {
    const tipper = await withWallet("Spender")
    const target = await withWallet("Receiver")
    await tipper.api("POST", "/wallets/transactions/claim-daily")
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        tipper.api("POST", "/wallets/transactions/tip", { toUserId: target.user.id, amount: "1" }),
      ),
    )
    const codes = results.map((r) => r.body.code)
    expect(codes.filter((c) => c === 0)).toHaveLength(10)
    expect(codes.filter((c) => c === 4002)).toHaveLength(40)
    expect((await balances(tipper)).total).toBe(0)
    expect((await balances(target)).total).toBe(10)
    expect(await ledgerState()).toMatchObject({ negatives: 0, sum: 0, drift: 0 })
  })

  it("parallel clients transferring at random neither make nor lose POWER, and nobody goes below zero", async () => {
    const people = await Promise.all(Array.from({ length: 6 }, (_, i) => withWallet(`Prop${i}`)))
    const start = clock
    try {
      for (let day = 0; day < 3; day++) {
        await Promise.all(people.map((p) => p.api("POST", "/wallets/transactions/claim-daily")))
        clock += DAY
      }
    } finally {
      clock = start
    }
    const supply = async () => (await Promise.all(people.map(balances))).reduce((s, b) => s + b.total, 0)
    const initial = await supply()
    expect(initial).toBe(6 * 30)
    // A small seeded generator: a failure replays the same transfers.
    let seed = 20261126
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    const transfers = Array.from({ length: 120 }, () => {
      const from = random(people.length)
      const to = (from + 1 + random(people.length - 1)) % people.length
      return { from, to, amount: 1 + random(25) }
    })
    const outcomes = await Promise.all(
      transfers.map(({ from, to, amount }) =>
        people[from]!.api("POST", "/wallets/transactions/tip", {
          toUserId: people[to]!.user.id,
          amount: String(amount),
        }),
      ),
    )
    for (const o of outcomes) expect([0, 4002]).toContain(o.body.code)
    expect(outcomes.some((o) => o.body.code === 0)).toBe(true)
    expect(await supply()).toBe(initial)
    for (const p of people) {
      const b = await balances(p)
      expect(b.reward).toBeGreaterThanOrEqual(0)
      expect(b.earned).toBeGreaterThanOrEqual(0)
    }
    expect(await ledgerState()).toMatchObject({ negatives: 0, sum: 0, drift: 0 })
  })

  it("withdraws only earned POWER, as a request an admin completes", async () => {
    const earner = await withWallet("Earner")
    const fan = await withWallet("Fan")
    const admin = await withWallet("Admin", adminEmail)
    await earner.api("POST", "/wallets/transactions/claim-daily")
    await fan.api("POST", "/wallets/transactions/claim-daily")
    // Daily rewards are not withdrawable.
    const refused = await earner.api("POST", "/wallets/transactions/withdraw", { address: "bank", amount: "1" })
    expect([refused.status, refused.body.code]).toEqual([400, 4003])
    expect((await earner.api("POST", "/wallets/transactions/withdraw", { address: "", amount: "1" })).body.code).toBe(4)
    await fan.api("POST", "/wallets/transactions/tip", { toUserId: earner.user.id, amount: "6" })

    const sdk = sdkAs(server.url, earner.user)
    const { data } = await sdk.wallets.transactions.withdraw({ address: "IBAN DE00 1234", amount: "4" })
    expect(await balances(earner)).toEqual({ total: 12, reward: 10, earned: 2 })
    const over = await earner.api("POST", "/wallets/transactions/withdraw", { address: "bank", amount: "3" })
    expect(over.body.code).toBe(4003)

    const pending = (await admin.api("GET", "/wallets/withdrawals")).body.data
    expect(pending).toContainEqual(
      expect.objectContaining({ hash: data.transactionHash, amount: "4", address: "IBAN DE00 1234" }),
    )
    expect((await admin.api("POST", "/wallets/withdrawals/complete", { hash: data.transactionHash })).status).toBe(200)
    expect((await admin.api("POST", "/wallets/withdrawals/complete", { hash: data.transactionHash })).body.code).toBe(6)
    const [tx] = (await earner.api("GET", "/wallets/transactions?type=withdraw")).body.data
    expect(tx).toMatchObject({ status: "completed", powerToken: "4" })
    // One row for the withdrawal in the user's list, not a second one for retiring its POWER.
    expect((await earner.api("GET", "/wallets/transactions?type=burn")).body.data).toEqual([])
    expect(await ledgerState()).toMatchObject({ negatives: 0, sum: 0, drift: 0 })
  })

  it("ranks wallet holders by balance and pages the transactions", async () => {
    const rich = await withWallet("Rich")
    await subscribedFeed(rich)
    await rich.api("POST", "/wallets/transactions/claim-daily")
    const ranking = (await rich.api("GET", "/wallets/ranking?limit=100")).body.data
    const mine = ranking.find((r: { userId: string }) => r.userId === rich.user.id)
    expect(mine).toMatchObject({ username: "Rich", balance: "20" })
    const balancesInOrder = ranking.map((r: { balance: string }) => Number(r.balance))
    expect(balancesInOrder).toEqual([...balancesInOrder].sort((x, y) => y - x))
    expect(ranking[0].rank).toBe(1)
    expect((await rich.api("GET", "/wallets/ranking?limit=0")).body.code).toBe(4)

    const other = await withWallet("Paged")
    for (let i = 0; i < 5; i++) {
      clock += 1000
      await rich.api("POST", "/wallets/transactions/tip", { toUserId: other.user.id, amount: "1" })
    }
    const first = (await rich.api("GET", "/wallets/transactions?type=tip&limit=3")).body.data
    expect(first).toHaveLength(3)
    const rest = (
      await rich.api("GET", `/wallets/transactions?type=tip&limit=3&before=${encodeURIComponent(first[2].createdAt)}`)
    ).body.data
    expect(rest).toHaveLength(2)
    expect(new Set([...first, ...rest].map((t: { hash: string }) => t.hash)).size).toBe(5)
    // Transactions of one instant page by hash after the time, so none is skipped or repeated.
    for (let i = 0; i < 4; i++)
      await rich.api("POST", "/wallets/transactions/tip", { toUserId: other.user.id, amount: "1" })
    const seen: string[] = []
    let cursor = ""
    for (;;) {
      const page = (await rich.api("GET", `/wallets/transactions?type=tip&limit=2${cursor}`)).body.data
      seen.push(...page.map((t: { hash: string }) => t.hash))
      if (page.length < 2) break
      const last = page.at(-1)
      cursor = `&before=${encodeURIComponent(last.createdAt)}&beforeHash=${last.hash}`
    }
    expect(seen).toHaveLength(9)
    expect(new Set(seen).size).toBe(9)
  })
})

describe("refresh", () => {
  it("checks the caller's balances against their ledger legs, and reports a drift to the log", async () => {
    const m = await withWallet("Rae")
    expect((await m.api("POST", "/wallets/transactions/claim-daily")).body.code).toBe(0)
    const drifts = (from: number) => logLines.slice(from).filter((line) => line.includes("differs from its legs"))
    const before = logLines.length
    expect((await m.api("POST", "/wallets/refresh")).body.code).toBe(0)
    expect(drifts(before)).toEqual([])
    // A balance changed behind the ledger's back (only a bug could do that): refresh names the account.
    const reward = eq(ledgerAccounts.id, `user:${m.user.id}:reward`)
    await server.database.db.update(ledgerAccounts).set({ balance: sql`balance + 5` }).where(reward)
    try {
      expect((await m.api("POST", "/wallets/refresh")).body.code).toBe(0)
      expect(drifts(before)).toHaveLength(1)
      expect(drifts(before)[0]).toContain(`user:${m.user.id}:reward`)
    } finally {
      await server.database.db.update(ledgerAccounts).set({ balance: sql`balance - 5` }).where(reward)
    }
    // No wallet, nothing to refresh.
    const none = await member("Walletless")
    expect((await none.api("POST", "/wallets/refresh")).body.code).not.toBe(0)
  })
})
