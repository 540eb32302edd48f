// Public status configs, the role limits in the session, the data export (GET /data/g), the analytics sink
// (POST /data/g) and entry read histories.
import { randomUUID } from "node:crypto"
import { FollowAPIError, FollowClient, type StatusConfigs } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { actions, inboxes, listFeeds, lists } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
const limits = {
  TRIAL_MAX_FEED_SUBSCRIPTIONS: "77",
  TRIAL_MAX_LIST_SUBSCRIPTIONS: "11",
  TRIAL_MAX_INBOXES: "2",
  MAX_LISTS: "9",
  MAX_ACTIONS: "33",
  INVITATION_LIMIT: "4",
  INBOX_EMAIL_DOMAIN: "mail.status-test.example",
  RSSHUB_URL: "https://reader:secret@rsshub.status-test.example/base/?key=hidden",
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([
    startTestServer({ ...limits, ADMIN_EMAILS: `nobody-${randomUUID()}@example.test` }),
    startFeedServer(),
  ])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

const sdkAs = (user?: TestUser) =>
  new FollowClient({ baseURL: server.url, authToken: user?.token, timeout: 20_000 }).api

/** A feed of its own per test: paths are unique, so a shared database holds no other readers of it. */
function newFeed(count = 3) {
  const path = `/feed-${randomUUID()}.xml`
  feeds.set(path, { body: rss("Shared feed", items(count, path.slice(6, 14))) })
  return feeds.url(path)
}

async function reader(name: string, url: string, isPrivate = false) {
  const user = await signUp(server.url, name)
  const http = apiAs(server.url, user)
  const sub = await http("POST", "/subscriptions", { url, view: 0, isPrivate })
  expect(sub.status).toBe(200)
  const entries = (await http("POST", "/entries", { feedId: sub.body.feed.id })).body.data
  return { user, http, api: sdkAs(user), feedId: sub.body.feed.id as string, entryIds: entries.map(entryId) }
}
const entryId = (item: { entries: { id: string } }) => item.entries.id

// biome-ignore format: a key list reads better filled than one key per line
const OFFICIAL_KEYS = [
  "AI_CHAT_ENABLED", "AI_SHORTCUTS", "ANNOUNCEMENT", "DAILY_CLAIM_AMOUNT", "DAILY_POWER_PERCENTAGES",
  "DAILY_POWER_SUPPLY", "IMPORTING_TITLE", "INVITATION_ENABLED", "INVITATION_INTERVAL_DAYS", "INVITATION_PRICE",
  "IS_RSS3_TESTNET", "LEVEL_PERCENTAGES", "MAS_IN_REVIEW_VERSION", "MAX_ACTIONS", "MAX_INBOXES", "MAX_LISTS",
  "MAX_SUBSCRIPTIONS", "MAX_TRIAL_USER_FEED_SUBSCRIPTION", "MAX_TRIAL_USER_LIST_SUBSCRIPTION",
  "MAX_WEBHOOKS_PER_ACTION", "PAYMENT_ENABLED", "PAYMENT_PLAN_LIST", "PRODUCT_HUNT_VOTE_URL", "REFERRAL_ENABLED",
  "REFERRAL_REQUIRED_INVITATIONS", "REFERRAL_RULE_LINK", "STRIPE_PORTAL_LINK", "TAX_POINT",
] as const satisfies readonly (keyof StatusConfigs)[]
// Compile-time: the list above is the SDK's whole key set.
const complete: [Exclude<keyof StatusConfigs, (typeof OFFICIAL_KEYS)[number]>] extends [never] ? true : never = true

describe("status configs", () => {
  it("answer the official 28 keys (and the inbox e-mail domain and RSSHub instance) without a session, with the configured limits", async () => {
    const { code, data } = await sdkAs().status.getConfigs()
    expect([complete, code]).toEqual([true, 0])
    expect(Object.keys(data).sort()).toEqual(
      [
        ...OFFICIAL_KEYS,
        "INBOX_EMAIL_DOMAIN",
        "RSSHUB_URL",
        "ANALYTICS_URL",
        "ISSUE_TRACKER_URL",
        "NEW_USER_GUIDE",
        "AI_ENABLED",
        "WEB_PUSH_PUBLIC_KEY",
      ].sort(),
    )
    expect((data as Record<string, unknown>).INBOX_EMAIL_DOMAIN).toBe("mail.status-test.example")
    // The instance without the credentials and access key its configured address carries.
    expect((data as Record<string, unknown>).RSSHUB_URL).toBe("https://rsshub.status-test.example/base/")
    expect(OFFICIAL_KEYS).toHaveLength(28)
    expect(data).toMatchObject({
      MAX_SUBSCRIPTIONS: 77,
      MAX_TRIAL_USER_FEED_SUBSCRIPTION: 77,
      MAX_TRIAL_USER_LIST_SUBSCRIPTION: 11,
      MAX_INBOXES: 2,
      MAX_LISTS: 9,
      MAX_ACTIONS: 33,
      INVITATION_ENABLED: true,
      // Chat exists; without a model it says what to configure.
      AI_CHAT_ENABLED: true,
      // No AI_BASE_URL / AI_MODEL in this server's configuration.
      AI_ENABLED: false,
      PAYMENT_ENABLED: false,
      REFERRAL_ENABLED: false,
      PAYMENT_PLAN_LIST: [],
      AI_SHORTCUTS: [],
      DAILY_CLAIM_AMOUNT: { trial: 0, normal: 0 },
    })
  })

  it("and the session carries the same limits for a trial user", async () => {
    const res = await fetch(`${server.url}/better-auth/get-session`, {
      headers: { authorization: `Bearer ${(await signUp(server.url)).token}` },
    })
    expect(await res.json()).toMatchObject({
      role: "trial",
      feedSubscriptionLimit: 77,
      listSubscriptionLimit: 11,
      inboxLimit: 2,
      rsshubSubscriptionLimit: null,
    })
  })
})

describe("data", () => {
  it("POST /data/g (analytics) answers 204 with no body and stores nothing; it needs a session", async () => {
    const user = await signUp(server.url)
    const res = await fetch(`${server.url}/data/g`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ client_id: "c", events: [{ name: "x", params: { engagement_time_msec: 1000 } }] }),
    })
    expect([res.status, await res.text()]).toEqual([204, ""])
    await sdkAs(user).data.sendAnalytics({ client_id: "c", events: [] })
    expect((await apiAs(server.url, user)("GET", "/data/g")).body.data.settings).toEqual({})
    expect((await apiAs(server.url, undefined)("POST", "/data/g", {})).status).toBe(401)
  })

  it("GET /data/g exports the caller's own data in one document, without credentials", async () => {
    const url = newFeed()
    const alice = await reader("Alice", url)
    await alice.http("POST", "/collections", { entryId: alice.entryIds[0], view: 0 })
    await alice.api.settings.update({ tab: "general", unreadOnly: false })
    await alice.api.settings.update({ tab: "integration", readwiseToken: "SECRET-1", useBrowserFetch: true })
    const { listId, handle } = await ownListInboxAndActions(alice.user.id, alice.feedId)

    const { status, body } = await alice.http("GET", "/data/g")
    expect(status).toBe(200)
    const data = body.data
    expect(data.profile).toMatchObject({ id: alice.user.id, email: alice.user.email, name: "Alice", role: "trial" })
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ type: "feed", feedId: alice.feedId, url, feedTitle: "Shared feed", isPrivate: false }),
    ])
    expect(data.lists).toEqual([
      expect.objectContaining({
        id: listId,
        title: "My list",
        feeds: [{ feedId: alice.feedId, url, title: "Shared feed" }],
      }),
    ])
    expect(data.inboxes).toEqual([{ handle, title: "Mail", createdAt: expect.any(String) }])
    expect(data.collections).toEqual([
      expect.objectContaining({
        entryId: alice.entryIds[0],
        feedId: alice.feedId,
        feedUrl: url,
        title: expect.any(String),
      }),
    ])
    expect(data.settings).toEqual({ general: { unreadOnly: false }, integration: { useBrowserFetch: true } })
    expect(data.actions.rules).toEqual([
      { name: "star all", condition: [], result: { star: true } },
      { name: "forward", condition: [], result: { webhooks: ["https://hooks.example/in"] } },
    ])
    expect(JSON.stringify(data)).not.toContain("SECRET-123")
    const text = JSON.stringify(body)
    for (const secret of ["SECRET-1", "inbox-secret-", "password", "correct horse"]) expect(text).not.toContain(secret)
  })

  it("another user's export holds none of the first user's data", async () => {
    const alice = await reader("Alice", newFeed())
    await alice.api.settings.update({ tab: "ai", personalizePrompt: "alice only" })
    await ownListInboxAndActions(alice.user.id, alice.feedId)
    const bob = apiAs(server.url, await signUp(server.url, "Bob"))
    const data = (await bob("GET", `/data/g?userId=${alice.user.id}`)).body.data
    expect(data).toMatchObject({
      subscriptions: [],
      lists: [],
      inboxes: [],
      collections: [],
      settings: {},
      actions: null,
    })
    expect(JSON.stringify(data)).not.toContain(alice.user.id)
  })
})

/** Lists, inboxes and actions are other call groups; their rows are written directly so this test stands alone. */
async function ownListInboxAndActions(userId: string, feedId: string) {
  const db = server.deps.db
  const listId = newId()
  const handle = `in-${randomUUID().slice(0, 8)}`
  await db.insert(lists).values({ id: listId, ownerUserId: userId, title: "My list", view: 0 })
  await db.insert(listFeeds).values({ listId, feedId })
  await db.insert(inboxes).values({ handle, userId, title: "Mail", secret: `inbox-secret-${randomUUID()}` })
  await db.insert(actions).values({
    userId,
    rules: [
      { name: "star all", condition: [], result: { star: true } },
      { name: "forward", condition: [], result: { webhooks: ["https://hooks.example/in?token=SECRET-123"] } },
    ],
  })
  return { listId, handle }
}

describe("read histories", () => {
  it("list the readers whose subscription is public, by both paths, with paging", async () => {
    const url = newFeed()
    const [alice, bob, carol, dave] = [
      await reader("Alice", url),
      await reader("Bob", url),
      await reader("Carol", url, true),
      await reader("Dave", url),
    ]
    const entry = alice.entryIds[0]!
    for (const r of [alice, bob, carol])
      expect((await r.http("POST", "/reads", { entryIds: [entry] })).status).toBe(200)

    const answer = await dave.api.entries.readHistories({ id: entry })
    const expected = [alice.user.id, bob.user.id].sort()
    expect(answer.code).toBe(0)
    expect(answer.data.total).toBe(2)
    expect(answer.data.entryReadHistories).toEqual({ userIds: expected, readCount: 2 })
    expect(answer.data.users[alice.user.id]).toEqual({ id: alice.user.id, handle: null, name: "Alice", image: null })
    expect(Object.keys(answer.data.users).sort()).toEqual(expected)
    expect((await dave.http("GET", `/entries/${entry}/read-histories`)).body).toEqual(answer)

    // Carol reads privately: she sees the others but is never listed, not even to herself.
    expect((await carol.api.entries.readHistories({ id: entry })).data.entryReadHistories?.userIds).toEqual(expected)
    const page2 = await dave.api.entries.readHistories({ id: entry, page: 2, size: 1 })
    expect(page2.data.entryReadHistories).toEqual({ userIds: [expected[1]], readCount: 2 })
    expect(Object.keys(page2.data.users)).toEqual([expected[1]])
    const unread = await dave.api.entries.readHistories({ id: alice.entryIds[1]! })
    expect(unread.data).toEqual({ users: {}, total: 0, entryReadHistories: null })
  })

  it("3000 (404) for an entry the caller cannot see; a starred entry stays visible after unsubscribing", async () => {
    const url = newFeed()
    const alice = await reader("Alice", url)
    const entry = alice.entryIds[0]!
    await alice.http("POST", "/reads", { entryIds: [entry] })
    const mallory = sdkAs(await signUp(server.url, "Mallory"))
    for (const id of [entry, "1234567890123456789"]) {
      const error = await mallory.entries.readHistories({ id }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FollowAPIError)
      expect([(error as FollowAPIError).status, (error as FollowAPIError).code]).toEqual([404, "3000"])
    }

    await alice.http("POST", "/collections", { entryId: entry, view: 0 })
    await alice.http("DELETE", "/subscriptions", { feedId: alice.feedId })
    expect((await alice.api.entries.readHistories({ id: entry })).data.total).toBe(0)
  })

  it("4 (400) for a bad page or size, and 401 without a session", async () => {
    const alice = await reader("Alice", newFeed())
    const entry = alice.entryIds[0]!
    for (const query of ["size=0", "size=101", "page=0", "page=x"]) {
      const res = await alice.http("GET", `/entries/read-histories/${entry}?${query}`)
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 4 })
    }
    expect((await apiAs(server.url, undefined)("GET", `/entries/${entry}/read-histories`)).status).toBe(401)
  })
})
