// The admin call group through HTTP (the official SDK's admin module where it has the call): feature flags with
// rollout and per-user overrides (and the effective flags in every session), purging old entries but never starred
// ones, minting POWER into the ledger, and the mails kept when SMTP is off. A second, ordinary user gets 1004
// everywhere; bad input is refused and changes nothing.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { isFeatureEnabled } from "../src/services/admin.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let admin: TestUser
let adminApi: ReturnType<typeof apiAs>
let reader: TestUser
let readerApi: ReturnType<typeof apiAs>
const adminEmail = `admin-${randomUUID()}@example.test`

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startTestServer({ ADMIN_EMAILS: adminEmail })
  admin = await signUp(server.url, "Admin", adminEmail)
  adminApi = apiAs(server.url, admin)
  reader = await signUp(server.url, "Reader")
  readerApi = apiAs(server.url, reader)
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

const flag = () => `beta_${randomUUID().slice(0, 8)}`

async function sessionFlags(user: TestUser) {
  const res = await fetch(`${server.url}/better-auth/get-session`, {
    headers: { authorization: `Bearer ${user.token}` },
  })
  return ((await res.json()) as { featureFlags: Record<string, boolean> }).featureFlags
}

describe("admin", () => {
  it("refuses every call to a user who is not an admin (1004), whatever they send", async () => {
    const name = flag()
    await adminApi("PUT", `/admin/feature-flags/${name}`, { enabled: true })
    const calls: [string, string, unknown?][] = [
      ["GET", "/admin/feature-flags"],
      ["PUT", `/admin/feature-flags/${name}`, { enabled: false }],
      ["PUT", "/admin/feature-flags/BAD NAME", { enabled: "x" }],
      ["POST", `/admin/feature-flags/${name}/overrides`, { userId: reader.id, forceEnabled: true }],
      ["DELETE", `/admin/feature-flags/${name}/overrides/${reader.id}`],
      ["GET", `/admin/feature-flags/${name}/stats`],
      ["GET", `/admin/feature-flags/${name}/affected-users`],
      ["POST", "/admin/clean", { type: "entries", retentionDays: 1 }],
      ["POST", "/admin/mint", { userId: reader.id, amount: 5 }],
      ["POST", "/admin/mintdscsafr", { userId: reader.id, amount: 5, key: "k" }],
      ["GET", "/admin/mails"],
    ]
    for (const [method, path, body] of calls) {
      const res = await readerApi(method, path, body)
      expect([path, res.status, res.body.code]).toEqual([path, 403, 1004])
    }
    expect((await sdkFailure(sdkAs(server.url, reader).admin.featureFlags.list())).status).toBe(403)
    // Nothing changed: the flag is still on, no override, no POWER.
    const [stored] = (await adminApi("GET", "/admin/feature-flags")).body.data.filter(
      (f: { name: string }) => f.name === name,
    )
    expect(stored.enabled).toBe(true)
    expect((await readerApi("GET", "/wallets")).body.data).toEqual([])
    expect((await readerApi("GET", "/admin/feature-flags")).status).toBe(403)
    // Without a session at all: 401.
    expect((await apiAs(server.url, undefined)("GET", "/admin/feature-flags")).status).toBe(401)
  })

  it("creates and updates flags; rollout, overrides and their expiry decide each user's state", async () => {
    const sdk = sdkAs(server.url, admin)
    const name = flag()
    const created = (
      await sdk.admin.featureFlags.update({ name, enabled: true, rolloutPercentage: 0, description: "Beta" })
    ).data
    expect(created).toMatchObject({
      name,
      enabled: true,
      rolloutType: "percentage",
      rolloutPercentage: 0,
      description: "Beta",
    })
    expect((await sdk.admin.featureFlags.list()).data.map((f) => f.name)).toEqual(
      expect.arrayContaining([name, "ai_chat"]),
    )
    expect(await isFeatureEnabled(server.deps, reader.id, name)).toBe(false)
    expect((await sessionFlags(reader))[name]).toBe(false)
    expect((await sessionFlags(reader)).ai_chat).toBe(true)

    await sdk.admin.featureFlags.override({ name, userId: reader.id, forceEnabled: true, reason: "tester" })
    expect(await isFeatureEnabled(server.deps, reader.id, name)).toBe(true)
    expect((await sessionFlags(reader))[name]).toBe(true)
    expect((await sessionFlags(admin))[name]).toBe(false)

    const stats = (await sdk.admin.featureFlags.stats({ name })).data
    expect(stats).toMatchObject({
      overrideUsers: 1,
      enabledOverrides: 1,
      enabledByOverride: 1,
      enabledByRollout: 0,
      enabled: true,
      rolloutPercentage: 0,
    })
    expect(stats.totalUsers).toBe(stats.enabledUsers + stats.disabledUsers)
    const affected = (await sdk.admin.featureFlags.affectedUsers({ name, filter: "override" })).data
    expect(affected.users).toEqual([
      expect.objectContaining({
        id: reader.id,
        status: "enabled",
        reason: "override",
        overrideReason: "tester",
        overrideCreatedBy: admin.id,
      }),
    ])
    expect(affected.pagination).toMatchObject({ page: 1, total: 1, totalPages: 1 })
    const searched = (
      await adminApi("GET", `/admin/feature-flags/${name}/affected-users?search=${encodeURIComponent(admin.email)}`)
    ).body.data
    expect(searched.users.map((u: { id: string }) => u.id)).toEqual([admin.id])

    // Everyone at 100 %, the override now forcing the reader off; an expired override no longer counts.
    await sdk.admin.featureFlags.update({ name, rolloutPercentage: 100 })
    await adminApi("POST", `/admin/feature-flags/${name}/overrides`, { userId: reader.id, forceEnabled: false })
    expect(await isFeatureEnabled(server.deps, reader.id, name)).toBe(false)
    expect(await isFeatureEnabled(server.deps, admin.id, name)).toBe(true)
    await adminApi("POST", `/admin/feature-flags/${name}/overrides`, {
      userId: reader.id,
      forceEnabled: false,
      expiresAt: "2020-01-01T00:00:00Z",
    })
    expect(await isFeatureEnabled(server.deps, reader.id, name)).toBe(true)
    await sdk.admin.featureFlags.removeOverride({ name, userId: reader.id })
    expect((await adminApi("DELETE", `/admin/feature-flags/${name}/overrides/${reader.id}`)).status).toBe(404)
    // Whitelist: only overrides, unless rolloutValue is 1.
    await sdk.admin.featureFlags.update({ name, rolloutType: "whitelist" })
    expect(await isFeatureEnabled(server.deps, admin.id, name)).toBe(false)
    await sdk.admin.featureFlags.update({ name, rolloutValue: 1 })
    expect(await isFeatureEnabled(server.deps, admin.id, name)).toBe(true)
    expect(await isFeatureEnabled(server.deps, admin.id, "no_such_flag")).toBe(false)
  })

  it("turns AI chat off for one user through the ai_chat flag (15001), before any model is asked", async () => {
    const chatter = await signUp(server.url, "Chatter")
    await adminApi("POST", "/admin/feature-flags/ai_chat/overrides", { userId: chatter.id, forceEnabled: false })
    const res = await apiAs(server.url, chatter)("POST", "/ai/chat", {
      id: randomUUID(),
      messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] }],
    })
    expect([res.status, res.body.code]).toEqual([402, 15001])
    expect((await sessionFlags(chatter)).ai_chat).toBe(false)
    // Everyone else still reaches chat (here: the missing model configuration, not 15001).
    const other = await apiAs(server.url, reader)("POST", "/ai/chat", {
      id: randomUUID(),
      messages: [{ id: "m1", role: "user", parts: [{ type: "text", text: "hi" }] }],
    })
    expect(other.body.code).not.toBe(15001)
  })

  it("refuses bad flag input and changes nothing", async () => {
    const name = flag()
    await adminApi("PUT", `/admin/feature-flags/${name}`, { enabled: true, rolloutPercentage: 40 })
    const bad: [string, string, unknown][] = [
      ["PUT", `/admin/feature-flags/${name}`, { rolloutPercentage: 150, enabled: false }],
      ["PUT", `/admin/feature-flags/${name}`, { rolloutType: "everyone" }],
      ["PUT", `/admin/feature-flags/${name}`, { enabled: false, unknown: 1 }],
      ["PUT", "/admin/feature-flags/Bad-Name", { enabled: true }],
      ["POST", `/admin/feature-flags/${name}/overrides`, { userId: reader.id }],
      ["POST", `/admin/feature-flags/${name}/overrides`, { userId: reader.id, forceEnabled: true, expiresAt: "soon" }],
    ]
    for (const [method, path, body] of bad)
      expect([path, (await adminApi(method, path, body)).status]).toEqual([path, 400])
    expect(
      (await adminApi("POST", `/admin/feature-flags/${name}/overrides`, { userId: "nobody", forceEnabled: true })).body
        .code,
    ).toBe(6000)
    expect(
      (await adminApi("POST", "/admin/feature-flags/missing_flag/overrides", { userId: reader.id, forceEnabled: true }))
        .status,
    ).toBe(404)
    expect((await adminApi("GET", "/admin/feature-flags/missing_flag/stats")).status).toBe(404)
    expect((await adminApi("GET", `/admin/feature-flags/${name}/affected-users?limit=1000`)).status).toBe(400)
    const [stored] = (await adminApi("GET", "/admin/feature-flags")).body.data.filter(
      (f: { name: string }) => f.name === name,
    )
    expect(stored).toMatchObject({ enabled: true, rolloutPercentage: 40, rolloutType: "percentage" })
    expect(
      (await adminApi("GET", "/admin/feature-flags")).body.data.some((f: { name: string }) => f.name === "bad-name"),
    ).toBe(false)
    expect((await adminApi("GET", `/admin/feature-flags/${name}/stats`)).body.data.overrideUsers).toBe(0)
  })

  it("purges entries past the retention with their timeline rows, never starred ones", async () => {
    const path = `/old-${randomUUID().slice(0, 8)}.xml`
    // Three entries from early 2026 (old) and one from now.
    feeds.set(path, {
      body: rss("Old news", [...items(3, path), { guid: "fresh", title: "Fresh", pubDate: new Date() }]),
    })
    const feedId = (await readerApi("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    const listed = async () =>
      ((await readerApi("POST", "/entries", { feedId })).body.data as { entries: { id: string; title: string } }[]).map(
        (e) => e.entries.title,
      )
    expect((await listed()).length).toBe(4)
    const page = (await readerApi("POST", "/entries", { feedId })).body.data as {
      entries: { id: string; title: string }
    }[]
    const starred = page.find((e) => e.entries.title === `${path} 1`)!.entries.id
    await readerApi("POST", "/collections", { entryId: starred })

    for (const body of [
      { type: "entries" },
      { type: "entries", retentionDays: 0 },
      { type: "feeds", retentionDays: 30 },
      { retentionDays: "x" },
    ]) {
      expect((await adminApi("POST", "/admin/clean", body)).status).toBe(400)
    }
    expect((await adminApi("POST", "/admin/clean", { retentionDays: 30, feedId: "404" })).body.code).toBe(2001)
    expect((await listed()).length).toBe(4)

    const cleaned = await sdkAs(server.url, admin).admin.clean.execute({
      type: "entries",
      retentionDays: 30,
      feedId,
    } as never)
    expect((cleaned as unknown as { data: { removed: number } }).data.removed).toBe(2)
    expect((await listed()).sort()).toEqual([`${path} 1`, "Fresh"].sort())
    expect((await readerApi("GET", `/collections?entryId=${starred}`)).body.data).toBe(true)
    // The unread counter followed the purge (triggers on the timeline's cascade).
    const counts = (await readerApi("GET", "/reads")).body.data
    expect(counts[feedId]).toBe(2)
  })

  it("mints POWER into a wallet through the ledger, once per key", async () => {
    const sdk = sdkAs(server.url, admin)
    const hash = (await sdk.admin.mint.execute({ userId: reader.id, amount: 25, key: "mint-once" })).data
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await sdk.admin.mint.execute({ userId: reader.id, amount: 25, key: "mint-once" })).data).toBe(hash)
    const [wallet] = (await readerApi("GET", "/wallets")).body.data
    expect(wallet.powerToken).toBe("25")
    const mints = (await readerApi("GET", "/wallets/transactions?type=mint")).body.data
    expect(mints).toEqual([expect.objectContaining({ hash, type: "mint", toUserId: reader.id, powerToken: "25" })])
    // The admin screen may name the user by e-mail address.
    expect((await adminApi("POST", "/admin/mint", { userId: reader.email.toUpperCase(), amount: 5 })).status).toBe(200)
    expect((await readerApi("GET", "/wallets")).body.data[0].powerToken).toBe("30")
    for (const body of [
      { userId: reader.id, amount: 0 },
      { userId: reader.id, amount: -5 },
      { userId: reader.id, amount: 1.5 },
      { amount: 5 },
    ]) {
      expect((await adminApi("POST", "/admin/mint", body)).status).toBe(400)
    }
    expect((await adminApi("POST", "/admin/mint", { userId: "nobody", amount: 5 })).body.code).toBe(6000)
    expect((await readerApi("GET", "/wallets")).body.data[0].powerToken).toBe("30")
  })

  it("shows admins the mails written to the log while SMTP is off, links included", async () => {
    const res = await fetch(`${server.url}/better-auth/forget-password`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: reader.email, redirectTo: `${server.url}/reset-password` }),
    })
    expect(res.status).toBe(200)
    const { transport, mails } = (await adminApi("GET", "/admin/mails")).body.data
    expect(transport).toBe("log")
    const mail = mails.find((m: { to: string }) => m.to === reader.email)
    expect(mail.text).toMatch(/https?:\/\/\S+/)
    expect(mail.sentAt).toEqual(expect.any(String))
  })
})
