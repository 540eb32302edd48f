// Rewards through HTTP and the official SDK: achievements computed from the user's own data and paid once (also
// under 10 parallel claims), referrals recorded from the client's sign-up header, verify-receipt's clear refusal,
// the airdrop's eligibility and single payment, and invitation codes priced in POWER when configured. Each part
// checks that a second user sees and changes nothing of the first's.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

const DAY = 86_400_000
const adminEmail = `rewards-admin-${randomUUID()}@example.test`
const auditorEmail = `rewards-auditor-${randomUUID()}@example.test`
let server: TestServer
let feeds: FeedServer
let clock = Date.now()

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startTestServer(
    { ADMIN_EMAILS: `${adminEmail},${auditorEmail}`, INVITATION_PRICE_POWER: "15" },
    { now: () => new Date(clock) },
  )
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

interface Member {
  user: TestUser
  api: ReturnType<typeof apiAs>
  sdk: ReturnType<typeof sdkAs>
}

async function member(name: string, email?: string, headers?: Record<string, string>): Promise<Member> {
  const user = await signUp(server.url, name, email, headers)
  return { user, api: apiAs(server.url, user), sdk: sdkAs(server.url, user) }
}

/** Subscribes to a new feed of `n` entries. */
async function subscribe(m: Member, n = 3) {
  const path = `/rewards-${randomUUID().slice(0, 8)}.xml`
  feeds.set(path, { body: rss(path, items(n, path)) })
  const res = await m.api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })
  expect(res.status).toBe(200)
  return res.body.feed.id as string
}

const balance = async (m: Member) => {
  const wallets = (await m.api("GET", "/wallets")).body.data
  return wallets.length ? Number(wallets[0].powerToken) : 0
}

/** The SDK's error as status and numeric code (the SDK carries the code as text). */
async function fail(call: Promise<unknown>) {
  const error = await sdkFailure(call)
  return { status: error.status, code: Number(error.code) }
}

/** Sends the same request `n` times at once; the statuses and codes of the answers. */
async function parallel(n: number, call: () => Promise<{ status: number; body: { code: number } }>) {
  const answers = await Promise.all(Array.from({ length: n }, call))
  return answers.map((a) => a.body.code)
}

describe("achievements", () => {
  it("lists the definitions with progress computed from the user's data, and the catalogue's shape", async () => {
    const a = await member("Achiever")
    const list = await a.sdk.achievement.list({ type: "all" })
    expect(list.code).toBe(0)
    expect(list.total).toBe(7)
    expect(list.done).toBe(0)
    expect(list.data.map((x) => x.actionId)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(list.data[0]).toEqual({
      id: `${a.user.id}:1`,
      userId: a.user.id,
      type: "incomplete",
      actionId: 1,
      key: "first_subscription",
      progress: 0,
      progressMax: 1,
      done: false,
      doneAt: null,
      tx: null,
      power: "10",
      audit: false,
      auditUrl: null,
      auditNote: null,
    })
    await subscribe(a, 12)
    await a.api("POST", "/reads/all", {})
    const after = (await a.sdk.achievement.list({ type: "all" })).data
    expect(after.find((x) => x.actionId === 1)).toMatchObject({ type: "completed", progress: 1, done: true })
    expect(after.find((x) => x.actionId === 4)).toMatchObject({ type: "incomplete", progress: 12, progressMax: 100 })
    expect((await a.sdk.achievement.list({ type: "completed" })).data.map((x) => x.actionId)).toEqual([1])
    expect((await a.sdk.achievement.check({ actionId: 1 })).data).toEqual({ actionId: 1, result: true })
    expect((await a.sdk.achievement.check({ actionId: 2 })).data).toEqual({ actionId: 2, result: false })
  })

  it("pays a completed achievement once, even to 10 parallel claims; 9000 before, 9001 after", async () => {
    const a = await member("Claimer")
    expect((await fail(a.sdk.achievement.claim({ actionId: 1 }))).code).toBe(9000)
    expect(await balance(a)).toBe(0)
    await subscribe(a)
    const codes = await parallel(10, () => a.api("PUT", "/achievement", { actionId: 1 }))
    expect(codes.filter((c) => c === 0)).toHaveLength(1)
    expect(codes.filter((c) => c === 9001)).toHaveLength(9)
    expect(await balance(a)).toBe(10)
    const minted = (await a.api("GET", "/wallets/transactions?type=mint")).body.data
    expect(minted).toHaveLength(1)
    expect(minted[0]).toMatchObject({
      powerToken: "10",
      comment: "achievement first_subscription",
      toUserId: a.user.id,
    })
    const received = (await a.sdk.achievement.list({ type: "received" })).data
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ actionId: 1, type: "received", done: true, tx: minted[0].hash, power: "10" })
    expect((await fail(a.sdk.achievement.claim({ actionId: 1 }))).code).toBe(9001)

    // The first list and the first inbox, each paid once; the counts come from the user's own rows.
    expect((await a.api("POST", "/lists", { title: "Mine", view: 0 })).status).toBe(200)
    expect((await a.sdk.achievement.claim({ actionId: 2 })).data).toEqual({ actionId: 2, result: true })
    const inbox = await a.api("POST", "/inboxes", { handle: `rw${randomUUID().slice(0, 8)}`, title: "Mail" })
    expect(inbox.status).toBe(200)
    expect((await a.sdk.achievement.claim({ actionId: 3 })).data.result).toBe(true)
    expect(await balance(a)).toBe(30)
    expect((await a.sdk.achievement.list({})).done).toBe(3)
  })

  it("counts a 7-day streak of daily claims, and only consecutive days", async () => {
    const a = await member("Streaker")
    await a.api("POST", "/wallets")
    const start = clock
    try {
      for (const day of [0, 1, 2, 4, 5, 6, 7, 8, 9]) {
        clock = start + day * DAY
        expect((await a.api("POST", "/wallets/transactions/claim-daily")).status).toBe(200)
        const streak = (await a.sdk.achievement.list({})).data.find((x) => x.actionId === 5)!
        // Day 3 is missed: the run restarts at day 4 and reaches 6 days by day 9.
        expect(streak.progress).toBe(day <= 2 ? day + 1 : Math.max(3, day - 3))
      }
      expect((await fail(a.sdk.achievement.claim({ actionId: 5 }))).code).toBe(9000)
      clock = start + 10 * DAY
      await a.api("POST", "/wallets/transactions/claim-daily")
      const before = await balance(a)
      expect((await a.sdk.achievement.claim({ actionId: 5 })).data.result).toBe(true)
      expect(await balance(a)).toBe(before + 50)
    } finally {
      clock = start
    }
  })

  it("keeps one user's achievements out of another's reach", async () => {
    const a = await member("Owner")
    const b = await member("Other")
    await subscribe(a)
    await a.sdk.achievement.claim({ actionId: 1 })
    const seen = await b.sdk.achievement.list({ type: "all" })
    expect(seen.data.every((x) => x.userId === b.user.id && x.type === "incomplete")).toBe(true)
    expect(seen.done).toBe(0)
    // B has no subscription: A's completed achievement is not B's to claim, and B's refusal changes nothing of A's.
    expect((await fail(b.sdk.achievement.claim({ actionId: 1 }))).code).toBe(9000)
    expect(await balance(b)).toBe(0)
    expect(await balance(a)).toBe(10)
  })

  it("answers bad input with the catalogue's codes; audit is not needed for a computed achievement (9003)", async () => {
    const a = await member("Badinput")
    for (const body of [{}, { actionId: "one" }, { actionId: 0 }, { actionId: 1.5 }]) {
      const res = await a.api("PUT", "/achievement", body)
      expect([res.status, res.body.code]).toEqual([400, 4])
    }
    expect((await a.api("GET", "/achievement?type=bogus")).body.code).toBe(4)
    expect((await a.api("PUT", "/achievement", { actionId: 999 })).body.code).toBe(6)
    expect((await a.api("POST", "/achievement/check", { actionId: 999 })).status).toBe(404)
    const audit = await fail(a.sdk.achievement.audit({ actionId: 1, payload: { proof: "x" } }))
    expect(audit.code).toBe(9003)
    expect((await a.api("POST", "/achievement/audit", { actionId: 999 })).body.code).toBe(6)
    expect((await apiAs(server.url, undefined)("GET", "/achievement")).status).toBe(401)
    expect(await balance(a)).toBe(0)
  })

  it("pays an audited achievement once an admin approves the proof: 9002 while it waits, 9000 after a rejection", async () => {
    const STORY = 7
    const a = await member("Storyteller")
    const b = await member("Bystander")
    const admin = await member("Auditor", auditorEmail)
    const state = async (m: Member) =>
      (await m.api("GET", "/achievement")).body.data.find((x: { actionId: number }) => x.actionId === STORY)
    expect(await state(a)).toMatchObject({ type: "incomplete", audit: true, progress: 0, auditUrl: null })
    // No proof yet: nothing to claim.
    expect((await fail(a.sdk.achievement.claim({ actionId: STORY }))).code).toBe(9000)
    // A proof must be a web address.
    for (const payload of [
      undefined,
      { url: "not a url" },
      { url: "javascript:alert(1)" },
      { url: "ftp://x.test/a" },
    ]) {
      const res = await a.api("POST", "/achievement/audit", { actionId: STORY, payload })
      expect([res.status, res.body.code]).toEqual([400, 4])
    }
    const sent = await a.sdk.achievement.audit({ actionId: STORY, payload: { url: "https://blog.example/my-reader" } })
    expect(sent.data).toEqual({ actionId: STORY, result: true })
    expect(await state(a)).toMatchObject({ type: "audit", auditUrl: "https://blog.example/my-reader" })
    expect((await a.api("GET", "/achievement?type=audit")).body.data).toHaveLength(1)
    // While it waits: the claim and a second proof answer 9002.
    expect((await fail(a.sdk.achievement.claim({ actionId: STORY }))).code).toBe(9002)
    expect(
      (await fail(a.sdk.achievement.audit({ actionId: STORY, payload: { url: "https://x.example/" } }))).code,
    ).toBe(9002)
    // The other user's achievement is untouched, and only an admin sees or decides the queue.
    expect(await state(b)).toMatchObject({ type: "incomplete", auditUrl: null })
    expect((await b.api("GET", "/admin/achievement-audits")).body.code).toBe(1004)
    const decide = { userId: a.user.id, actionId: STORY, approved: false, note: "The page does not mention Tidings" }
    expect((await b.api("PUT", "/admin/achievement-audits", decide)).body.code).toBe(1004)
    const queue = (await admin.api("GET", "/admin/achievement-audits")).body.data
    expect(queue.filter((row: { userId: string }) => row.userId === a.user.id)).toEqual([
      expect.objectContaining({ actionId: STORY, key: "tidings_story", url: "https://blog.example/my-reader" }),
    ])
    // Rejected: back to incomplete with the admin's note; a new proof may be sent.
    expect((await admin.api("PUT", "/admin/achievement-audits", decide)).body.data.status).toBe("rejected")
    expect((await admin.api("PUT", "/admin/achievement-audits", decide)).body.code).toBe(6)
    expect(await state(a)).toMatchObject({ type: "incomplete", auditNote: "The page does not mention Tidings" })
    expect((await fail(a.sdk.achievement.claim({ actionId: STORY }))).code).toBe(9000)
    await a.sdk.achievement.audit({ actionId: STORY, payload: { url: "https://blog.example/my-reader-2" } })
    expect(await state(a)).toMatchObject({ type: "audit", auditNote: null })
    const approve = { userId: a.user.id, actionId: STORY, approved: true }
    expect((await admin.api("PUT", "/admin/achievement-audits", approve)).body.data.status).toBe("approved")
    expect(await state(a)).toMatchObject({ type: "completed", progress: 1 })
    expect((await a.sdk.achievement.check({ actionId: STORY })).data.result).toBe(true)
    expect(
      (await fail(a.sdk.achievement.audit({ actionId: STORY, payload: { url: "https://x.example/" } }))).code,
    ).toBe(9003)
    // Paid once, also when claimed ten times at once.
    const claims = await Promise.allSettled(
      Array.from({ length: 10 }, () => a.api("PUT", "/achievement", { actionId: STORY })),
    )
    const codes = claims.map((c) => (c.status === "fulfilled" ? c.value.body.code : -1)).sort()
    expect(codes.filter((code) => code === 0)).toHaveLength(1)
    expect(codes.filter((code) => code !== 0).every((code) => code === 9001)).toBe(true)
    expect(await balance(a)).toBe(30)
    expect(await state(a)).toMatchObject({ type: "received" })
    expect(
      (await fail(a.sdk.achievement.audit({ actionId: STORY, payload: { url: "https://x.example/" } }))).code,
    ).toBe(9001)
    expect(await balance(b)).toBe(0)
  })
})

async function roleEndAt(m: Member): Promise<number> {
  const res = await fetch(`${server.url}/better-auth/get-session`, {
    headers: { authorization: `Bearer ${m.user.token}` },
  })
  return new Date(((await res.json()) as { user: { roleEndAt: string } }).user.roleEndAt).getTime()
}

describe("referrals", () => {
  it("gives each user a code; a sign-up with the referral header is recorded and earns the referrer days", async () => {
    const a = await member("Referrer")
    const mine = (await a.sdk.referrals.getReferrals()).data as unknown as { code: string }
    expect(mine).toEqual({ code: expect.stringMatching(/^[2-9A-Z]{8}$/), referralCycleDays: 0, invitations: [] })
    expect((await a.sdk.referrals.getReferrals()).data).toEqual(mine)
    const endBefore = await roleEndAt(a)

    // The header as the official client sends it on auth calls (lower case works too).
    const c = await member("Referred", undefined, { "folo-referral-code": mine.code.toLowerCase() })
    const after = (await a.sdk.referrals.getReferrals()).data
    expect(after.referralCycleDays).toBe(7)
    expect(after.invitations).toEqual([
      {
        code: mine.code,
        createdAt: expect.any(String),
        usedAt: expect.any(String),
        toUserId: c.user.id,
        user: { id: c.user.id, name: "Referred", image: null },
      },
    ])
    expect((await a.sdk.referrals.getDays({} as { code: string })).data).toEqual({ referralCycleDays: 7 })
    expect(await roleEndAt(a)).toBe(endBefore + 7 * DAY)

    // The referred user sees none of the referrer's referrals; their own list is empty.
    const theirs = (await c.sdk.referrals.getReferrals()).data
    expect(theirs.invitations).toEqual([])
    expect(theirs.referralCycleDays).toBe(0)
    expect((theirs as unknown as { code: string }).code).not.toBe(mine.code)
  })

  it("ignores a bad or unknown referral header at sign-up; /days checks a code (1002 when unknown)", async () => {
    const a = await member("Codeholder")
    const code = ((await a.sdk.referrals.getReferrals()).data as unknown as { code: string }).code
    await member("Nobody", undefined, { "folo-referral-code": "ZZZZZZZZ" })
    await member("Garbage", undefined, { "folo-referral-code": "'; drop table referrals; --" })
    expect((await a.sdk.referrals.getReferrals()).data.invitations).toEqual([])
    expect((await a.sdk.referrals.getDays({ code })).data).toEqual({ referralCycleDays: 7 })
    const unknown = await fail(a.sdk.referrals.getDays({ code: "ZZZZZZZZ" }))
    expect([unknown.status, unknown.code]).toEqual([400, 1002])
    expect((await a.api("GET", `/referrals/days?code=${"x".repeat(100)}`)).body.code).toBe(4)
  })

  it("verify-receipt answers that no store is connected, with a catalogue code", async () => {
    const a = await member("Buyer")
    const res = await a.api("POST", "/referrals/verify-receipt", { appReceipt: "MIIT..." })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 3, message: "No app store is connected to this server" })
    expect((await fail(a.sdk.referrals.verifyReceipt({ appReceipt: "x" }))).code).toBe(3)
    expect((await a.api("POST", "/referrals/verify-receipt", { appReceipt: 5 })).body.code).toBe(4)
  })
})

describe("airdrop", () => {
  it("is paid once to an eligible user: 4013 before verification, 4010 when not eligible, 4012 after", async () => {
    const a = await member("Airdropper")
    const b = await member("Bystander")
    const first = (await a.sdk.wallets.airdrop.get()).data
    expect(first).toMatchObject({
      isEligible: false,
      amount: "100",
      requirements: ["account_age", "subscriptions", "reads"],
      status: null,
    })
    expect((await fail(a.sdk.wallets.airdrop.claim())).code).toBe(4013)
    expect((await fail(a.sdk.wallets.airdrop.update())).code).toBe(4010)
    for (let i = 0; i < 3; i++) await subscribe(a, 4)
    await a.api("POST", "/reads/all", {})
    expect((await a.sdk.wallets.airdrop.get()).data.requirements).toEqual(["account_age"])
    const start = clock
    try {
      clock = start + 3 * DAY + 60_000
      expect((await a.sdk.wallets.airdrop.get()).data).toMatchObject({ isEligible: true, requirements: [] })
      expect((await a.sdk.wallets.airdrop.update()).code).toBe(0)
      const codes = await parallel(10, () => a.api("POST", "/wallets/airdrop"))
      expect(codes.filter((c) => c === 0)).toHaveLength(1)
      expect(codes.filter((c) => c === 4011 || c === 4012)).toHaveLength(9)
      expect(await balance(a)).toBe(100)
      const airdrops = (await a.api("GET", "/wallets/transactions?type=airdrop")).body.data
      expect(airdrops).toHaveLength(1)
      const after = (await a.sdk.wallets.airdrop.get()).data
      expect(after).toMatchObject({ isEligible: false, status: "sent", txHash: airdrops[0].hash })
      expect(after.claimedAt).toEqual(expect.any(String))
      expect((await fail(a.sdk.wallets.airdrop.claim())).code).toBe(4012)
      expect((await fail(a.sdk.wallets.airdrop.update())).code).toBe(4012)
      // The bystander's state is their own: not verified, not eligible, nothing paid.
      expect((await b.sdk.wallets.airdrop.get()).data).toMatchObject({ isEligible: false, status: null })
      expect((await fail(b.sdk.wallets.airdrop.claim())).code).toBe(4013)
      expect(await balance(b)).toBe(0)
    } finally {
      clock = start
    }
  })
})

describe("invitations priced in POWER", () => {
  it("burns INVITATION_PRICE_POWER per code; without enough, 4002 and no code", async () => {
    const admin = await member("Priced", adminEmail)
    const refused = await fail(admin.sdk.invitations.create({}))
    expect([refused.status, refused.code]).toEqual([400, 4002])
    expect((await admin.sdk.invitations.list()).data).toEqual([])
    await admin.api("POST", "/wallets")
    const start = clock
    try {
      for (const day of [0, 1]) {
        clock = start + day * DAY
        expect((await admin.api("POST", "/wallets/transactions/claim-daily")).body.data.amount).toBe("10")
      }
      const code = (await admin.sdk.invitations.create({})).data
      expect(code).toMatch(/^[2-9A-Z]{10}$/)
      expect(await balance(admin)).toBe(5)
      const purchases = (await admin.api("GET", "/wallets/transactions?type=purchase")).body.data
      expect(purchases).toEqual([expect.objectContaining({ powerToken: "15", comment: "invitation code" })])
      expect((await fail(admin.sdk.invitations.create({}))).code).toBe(4002)
      expect((await admin.sdk.invitations.list()).data).toHaveLength(1)
      expect(await balance(admin)).toBe(5)
    } finally {
      clock = start
    }
  })
})
