// Action rules through the real server: saving them, and what they do to entries arriving after they exist
// (the other paths into a timeline are in arrivals.test.ts).
import { lookup } from "node:dns/promises"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { hostname } from "node:os"
import { FollowClient, FollowValidationError } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { newId } from "../src/ids.ts"
import { isPrivateAddress } from "../src/reader/guard.ts"
import { ingestEntries } from "../src/reader/ingest.ts"
import type { ParsedEntry } from "../src/reader/types.ts"
import { postWebhook } from "../src/reader/webhook.ts"
import { actionHooks } from "../src/services/actions.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { feeds as feedsTable, listFeeds, lists, subscriptions } from "../src/storage/schema.ts"
import { type FeedServer, items, type RssItem, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
let hooks: Receiver

beforeAll(async () => {
  ;[server, feeds, hooks] = await Promise.all([startTestServer(), startFeedServer(), startReceiver()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await hooks?.close()
})

/** A loopback HTTP server that records what is POSTed to it; `answer` shapes the reply per path. */
interface Receiver {
  url(path: string): string
  received: { path: string; body: string }[]
  answer: Map<string, (res: http.ServerResponse) => void>
  close(): Promise<void>
}

async function startReceiver(): Promise<Receiver> {
  const received: Receiver["received"] = []
  const answer: Receiver["answer"] = new Map()
  const srv = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!
    let body = ""
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString()
    })
    req.on("end", () => {
      received.push({ path, body })
      const reply = answer.get(path)
      if (reply) reply(res)
      else res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`
  return {
    url: (path) => `${base}${path}`,
    received,
    answer,
    close: () =>
      new Promise((resolve) => {
        srv.closeAllConnections()
        srv.close(() => resolve())
      }),
  }
}

const rule = (name: string, condition: unknown[], result: Record<string, unknown>) => ({ name, condition, result })
const titleHas = (text: string) => [{ field: "entry_title", operator: "contains", value: text }]

/** A user subscribed to a fresh feed at `path` (3 old items), with these rules saved. */
async function reader(path: string, rules: unknown[] = [], category?: string) {
  const user = await signUp(server.url)
  const api = apiAs(server.url, user)
  if (rules.length) expect((await api("PUT", "/actions", { rules })).body).toEqual({ code: 0 })
  const sub = await api("POST", "/subscriptions", { url: feeds.url(path), view: 0, category })
  return { user, api, feedId: sub.body.feed.id as string }
}

/** The feed at `path` now also serves `fresh`; the feed is fetched again, as the scheduler would. */
async function publish(path: string, feedId: string, fresh: RssItem[]) {
  feeds.set(path, { body: rss(path, [...fresh, ...items(3, path)]) })
  await refreshFeedById(server.deps, feedId)
}

const fresh = (path: string, ...titles: string[]): RssItem[] =>
  titles.map((title, i) => ({ guid: `${path}-new-${i}`, title, pubDate: new Date(Date.now() - i * 1000) }))
const titles = (list: { entries: { title: string } }[]) => list.map((i) => i.entries.title)

describe("saving rules", () => {
  it("round-trips the whole list, through plain HTTP and through the official SDK", async () => {
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    expect((await api("GET", "/actions")).body).toEqual({ code: 0, data: null })
    const rules = [
      { ...rule("flat", titleHas("a"), { summary: true, webhooks: ["https://hooks.example/x", ""] }), index: 0 },
      rule("groups", [titleHas("b"), [{ field: "view", operator: "gt", value: "1" }]], { translation: "ja" }),
      { ...rule("off", [], { star: true, disabled: true }), disabled: true },
    ]
    expect((await api("PUT", "/actions", { rules })).body).toEqual({ code: 0 })
    const saved = (await api("GET", "/actions")).body.data
    expect(saved).toMatchObject({ userId: user.id, createdAt: expect.any(String), updatedAt: expect.any(String) })
    expect(saved.rules).toEqual([
      rule("flat", titleHas("a"), { summary: true, webhooks: ["https://hooks.example/x"] }),
      rules[1],
      rules[2],
    ])

    const client = new FollowClient({ baseURL: server.url, authToken: user.token })
    await client.api.actions.put({ rules: [{ name: "sdk", condition: [], result: { readability: true } }] })
    const viaSdk = await client.api.actions.get()
    expect(viaSdk.data?.rules).toEqual([{ name: "sdk", condition: [], result: { readability: true } }])
    expect(viaSdk.data?.createdAt).toBe(saved.createdAt)
    const bad = { name: "bad", condition: titleHas("x").map((c) => ({ ...c, operator: "regex", value: "(" })) }
    const refused = await client.api.actions.put({ rules: [{ ...bad, result: {} }] as never }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FollowValidationError)
  })

  it("refuses invalid rules with the issues and the rule's index, and stores nothing", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    const good = [rule("good", titleHas("x"), { star: true })]
    await api("PUT", "/actions", { rules: good })
    const attempts = [
      [good[0], rule("broken", [{ field: "entry_title", operator: "regex", value: "([a-z" }], {})],
      [good[0], rule("look-around", [[{ field: "entry_title", operator: "regex", value: "(?<=a)b" }]], {})],
      [good[0], rule("gt", [{ field: "entry_title", operator: "gt", value: "3" }], {})],
      [good[0], rule("field", [{ field: "nope", operator: "eq", value: "3" }], {})],
      [good[0], rule("hook", [], { webhooks: ["ftp://example.com/"] })],
    ]
    for (const rules of attempts) {
      const res = await api("PUT", "/actions", { rules })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe(4)
      expect(res.body.data[0].path).toMatch(/^rules\.1\./)
    }
    expect((await api("GET", "/actions")).body.data.rules).toEqual(good)
  })

  it("refuses more than MAX_ACTIONS rules with 12000", async () => {
    const api = apiAs(server.url, await signUp(server.url))
    const many = Array.from({ length: server.deps.config.MAX_ACTIONS + 1 }, (_, i) => rule(`r${i}`, [], {}))
    const res = await api("PUT", "/actions", { rules: many })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe(12000)
    expect((await api("GET", "/actions")).body.data).toBeNull()
    expect((await api("PUT", "/actions", { rules: many.slice(1) })).body.code).toBe(0)
  })

  it("keeps each user's rules to that user", async () => {
    const one = apiAs(server.url, await signUp(server.url))
    const two = apiAs(server.url, await signUp(server.url))
    await one("PUT", "/actions", { rules: [rule("mine", [], { summary: true })] })
    expect((await two("GET", "/actions")).body.data).toBeNull()
    await two("PUT", "/actions", { rules: [] })
    expect((await one("GET", "/actions")).body.data.rules).toHaveLength(1)
    expect((await apiAs(server.url, undefined)("GET", "/actions")).status).toBe(401)
  })
})

describe("rules on arriving entries", () => {
  it("block: matching entries never reach that user's timeline; others still get them", async () => {
    feeds.set("/block.xml", { body: rss("/block.xml", items(3, "/block.xml")) })
    const blocker = await reader("/block.xml", [rule("no spoilers", titleHas("SPOILER"), { block: true })])
    const plain = await reader("/block.xml")
    await publish("/block.xml", blocker.feedId, fresh("/block.xml", "Big spoiler inside", "Regular news"))

    const seen = (await blocker.api("POST", "/entries", { feedId: blocker.feedId })).body.data
    expect(titles(seen)).toContain("Regular news")
    expect(titles(seen)).not.toContain("Big spoiler inside")
    expect((await blocker.api("GET", "/reads")).body.data[blocker.feedId]).toBe(4)
    const other = (await plain.api("POST", "/entries", { feedId: plain.feedId })).body.data
    expect(titles(other)).toContain("Big spoiler inside")
  })

  it("star and silence: starred entries are collected, silenced ones read and not counted", async () => {
    feeds.set("/star.xml", { body: rss("/star.xml", items(3, "/star.xml")) })
    const rules = [
      rule("keep", titleHas("keeper"), { star: true }),
      rule("quiet", titleHas("noise"), { silence: true }),
      rule("news", [{ field: "category", operator: "eq", value: "NEWS" }, ...titleHas("other")], { star: true }),
    ]
    const user = await reader("/star.xml", rules, "News")
    const bystander = apiAs(server.url, await signUp(server.url))
    await bystander("PUT", "/actions", { rules: [rule("everything", [], { star: true, silence: true })] })
    await publish("/star.xml", user.feedId, fresh("/star.xml", "A keeper", "Pure noise", "Other"))

    const starred = (await user.api("POST", "/entries", { isCollection: true })).body.data
    expect(titles(starred).sort()).toEqual(["A keeper", "Other"])
    const list = (await user.api("POST", "/entries", { feedId: user.feedId })).body.data
    expect(list.find((i: { entries: { title: string } }) => i.entries.title === "Pure noise").read).toBe(true)
    expect((await user.api("GET", "/reads")).body.data[user.feedId]).toBe(5)
    // A user with rules but no subscription receives nothing.
    expect((await bystander("POST", "/entries", { isCollection: true })).body.data).toEqual([])
  })

  it("a rule naming a saved search acts on what the search matches as entries arrive, before the index has them", async () => {
    feeds.set("/smart.xml", { body: rss("/smart.xml", items(3, "/smart.xml")) })
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    const search = await api("POST", "/saved-searches", { title: "Widgets", query: "widget -broken" })
    expect(search.status).toBe(200)
    const searchId = search.body.data.id as string
    const named = (operator: string) => [{ field: "saved_search", operator, value: searchId }]
    const rules = [rule("widgets", named("eq"), { star: true }), rule("the rest", named("not_eq"), { silence: true })]
    expect((await api("PUT", "/actions", { rules })).body).toEqual({ code: 0 })
    const feedId = (await api("POST", "/subscriptions", { url: feeds.url("/smart.xml"), view: 0 })).body.feed
      .id as string
    // Another user whose rule names the first user's search: it is not theirs, so it never matches for them.
    const other = apiAs(server.url, await signUp(server.url))
    await other("PUT", "/actions", { rules: [rule("borrowed", named("eq"), { star: true })] })
    await other("POST", "/subscriptions", { url: feeds.url("/smart.xml"), view: 0 })
    // No indexer runs in this test: the documents of the new entries exist only as the rules read them.
    await publish("/smart.xml", feedId, fresh("/smart.xml", "A kitchen widget", "Broken widget recall", "Garden beans"))

    const starred = (await api("POST", "/entries", { isCollection: true })).body.data
    expect(titles(starred)).toEqual(["A kitchen widget"])
    const list = (await api("POST", "/entries", { feedId })).body.data as {
      entries: { title: string }
      read: boolean
    }[]
    const read = Object.fromEntries(list.map((i) => [i.entries.title, i.read]))
    expect(read["A kitchen widget"]).toBe(false)
    expect(read["Broken widget recall"]).toBe(true)
    expect(read["Garden beans"]).toBe(true)
    expect((await other("POST", "/entries", { isCollection: true })).body.data).toEqual([])
  })

  it("applies to entries that reach a user through a list", async () => {
    feeds.set("/listed.xml", { body: rss("/listed.xml", items(3, "/listed.xml")) })
    const owner = await reader("/listed.xml")
    const user: TestUser = await signUp(server.url)
    const api = apiAs(server.url, user)
    await api("PUT", "/actions", {
      rules: [rule("list star", [{ field: "category", operator: "eq", value: "via list" }], { star: true })],
    })
    const listId = newId()
    const db = server.deps.db
    await db.insert(lists).values({ id: listId, ownerUserId: owner.user.id, title: "L", view: 0 })
    await db.insert(listFeeds).values({ listId, feedId: owner.feedId })
    await db
      .insert(subscriptions)
      .values({ id: newId(), userId: user.id, type: "list", listId, view: 0, category: "Via List" })
    await publish("/listed.xml", owner.feedId, fresh("/listed.xml", "Through the list"))

    const starred = (await api("POST", "/entries", { isCollection: true })).body.data
    expect(titles(starred)).toEqual(["Through the list"])
  })

  it("webhooks: POSTed after the commit with the entry, the feed and the view", async () => {
    feeds.set("/hook.xml", { body: rss("/hook.xml", items(3, "/hook.xml")) })
    const hook = rule("hook", titleHas("release"), { webhooks: [hooks.url("/release?token=s3cret")], block: true })
    const user = await reader("/hook.xml", [hook])
    await publish("/hook.xml", user.feedId, fresh("/hook.xml", "Release 2.0", "Unrelated"))
    await server.deps.webhooks.idle()

    const calls = hooks.received.filter((r) => r.path === "/release")
    expect(calls).toHaveLength(1)
    const payload = JSON.parse(calls[0]!.body)
    expect(payload).toMatchObject({
      entry: { title: "Release 2.0", publishedAt: expect.any(String), id: expect.any(String) },
      feed: { id: user.feedId, url: feeds.url("/hook.xml"), siteUrl: "https://example.com/" },
      view: 0,
    })
    // Blocked and delivered: the rule sends the entry elsewhere and keeps it out of the timeline.
    const seen = titles((await user.api("POST", "/entries", { feedId: user.feedId })).body.data)
    expect(seen).not.toContain("Release 2.0")
  })

  it("webhooks: a slow endpoint never holds up the refresh that owes it the call", async () => {
    let answerSlowly: (() => void) | undefined
    hooks.answer.set("/sluggish", (res) => {
      answerSlowly = () => res.writeHead(204).end()
    })
    feeds.set("/sluggish.xml", { body: rss("/sluggish.xml", items(3, "/sluggish.xml")) })
    const user = await reader("/sluggish.xml", [rule("all", [], { webhooks: [hooks.url("/sluggish")] })])
    const started = Date.now()
    await publish("/sluggish.xml", user.feedId, fresh("/sluggish.xml", "Quick"))
    // The entry is stored and readable while the endpoint still has not answered.
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(titles((await user.api("POST", "/entries", { feedId: user.feedId })).body.data)).toContain("Quick")
    await expect.poll(() => hooks.received.filter((r) => r.path === "/sluggish").length).toBe(1)
    let settled = false
    const idle = server.deps.webhooks.idle().then(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(settled).toBe(false) // the call is still in flight, owned by the dispatcher
    answerSlowly!()
    await idle
  })

  it("settings: matching list items carry the merged results, others no key", async () => {
    feeds.set("/settings.xml", { body: rss("/settings.xml", items(3, "/settings.xml")) })
    const rules = [
      rule("sum", [[{ field: "entry_content", operator: "contains", value: "settings.xml 1 body" }]], {
        summary: true,
      }),
      rule("ja", [{ field: "category", operator: "eq", value: "reading" }], { translation: "ja" }),
    ]
    const user = await reader("/settings.xml", rules, "Reading")
    const list = (await user.api("POST", "/entries", { feedId: user.feedId })).body.data
    const byTitle = Object.fromEntries(list.map((i: { entries: { title: string } }) => [i.entries.title, i]))
    expect(byTitle["/settings.xml 1"].settings).toEqual({ summary: true, translation: "ja" })
    expect(byTitle["/settings.xml 0"].settings).toEqual({ translation: "ja" })
    // One entry (GET /entries?id=) carries them too, with its content.
    const one = (await user.api("GET", `/entries?id=${byTitle["/settings.xml 1"].entries.id}`)).body.data
    expect(one.settings).toEqual({ summary: true, translation: "ja" })
    expect(one.entries.content).toContain("settings.xml 1 body")
    expect(one.entries.summary).toBeNull() // the Entry shape names it; feeds do not provide one

    await user.api("PUT", "/actions", { rules: [rules[0]] })
    const again = (await user.api("POST", "/entries", { feedId: user.feedId })).body.data
    expect(again.filter((i: object) => "settings" in i)).toHaveLength(1)
    const plain = (await user.api("GET", `/entries?id=${byTitle["/settings.xml 0"].entries.id}`)).body.data
    expect(plain).not.toHaveProperty("settings")
  })
})

describe("webhooks under the SSRF guard", () => {
  const entry = (guid: string, title: string): ParsedEntry => ({
    guid,
    title,
    url: null,
    content: null,
    description: null,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    publishedAt: new Date(),
    updatedAt: null,
    categories: null,
    media: null,
    attachments: null,
    extra: null,
    language: null,
  })

  it("never calls a loopback address without ALLOW_PRIVATE_NETWORK, and logs no secret", async () => {
    const guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const warnings: Record<string, unknown>[] = []
      guarded.deps.log = { ...guarded.deps.log, warn: (msg, fields) => warnings.push({ msg, ...fields }) }
      const user = await signUp(guarded.url)
      await apiAs(guarded.url, user)("PUT", "/actions", {
        rules: [rule("all", [], { webhooks: [hooks.url("/private?token=s3cret")] })],
      })
      // Loopback feeds cannot be fetched here either, so the feed and the subscription are written directly.
      const feedId = newId()
      await guarded.deps.db.insert(feedsTable).values({ id: feedId, url: `https://guarded.example/${feedId}.xml` })
      await guarded.deps.db
        .insert(subscriptions)
        .values({ id: newId(), userId: user.id, type: "feed", feedId, view: 0 })
      const arrivals = ["g1", "g2", "g3", "g4", "g5", "g6"].map((guid) => entry(guid, `Guarded ${guid}`))
      await ingestEntries(guarded.deps.db, feedId, arrivals, new Date(), actionHooks(guarded.deps))
      await guarded.deps.webhooks.idle()

      expect(hooks.received.filter((r) => r.path === "/private")).toEqual([])
      // A URL that failed is not tried again in the same ingest: a few failures at most, the rest skipped.
      const failures = warnings.filter((w) => w.msg === "webhook delivery failed")
      const skipped = warnings.find((w) => w.msg === "webhook deliveries skipped")?.count ?? 0
      expect(failures.length).toBeLessThan(6)
      expect(failures.length + Number(skipped)).toBe(6)
      expect(failures[0]).toMatchObject({ userId: user.id, host: new URL(hooks.url("/")).host })
      expect(JSON.stringify(warnings)).not.toContain("s3cret")
    } finally {
      await guarded.close()
    }
  })

  it("follows no redirect, caps the answer, gives up after the time-out", async () => {
    hooks.answer.set("/moved", (res) => res.writeHead(302, { location: hooks.url("/target") }).end())
    hooks.answer.set("/fail", (res) => res.writeHead(500).end("no"))
    hooks.answer.set("/huge", (res) => {
      res.on("error", () => {})
      res.writeHead(200, { "content-type": "text/plain" })
      res.end(Buffer.alloc(20 * 1024 * 1024, 97))
    })
    hooks.answer.set("/slow", () => {})
    const open = { allowPrivate: true }
    await expect(postWebhook(hooks.url("/moved"), {}, open)).rejects.toThrow("HTTP 302")
    expect(hooks.received.some((r) => r.path === "/target")).toBe(false)
    await expect(postWebhook(hooks.url("/fail"), {}, open)).rejects.toThrow("HTTP 500")
    await expect(postWebhook(hooks.url("/huge"), { a: 1 }, open)).resolves.toBe(200)
    await expect(postWebhook(hooks.url("/slow"), {}, { ...open, timeoutMs: 300 })).rejects.toThrow("Timed out")
    await expect(postWebhook("http://[::1]:9/", {}, { allowPrivate: false })).rejects.toThrow(/private/)
    await expect(postWebhook("http://localhost:9/", {}, { allowPrivate: false })).rejects.toThrow(/private/)
  })

  it("checks addresses after DNS too: a name that resolves to a private address is refused", async () => {
    const name = hostname()
    const answers = await lookup(name, { all: true }).catch(() => [])
    if (!answers.length || !answers.every((a) => isPrivateAddress(a.address))) return // nothing private to resolve
    const target = `http://${name}:${new URL(hooks.url("/")).port}/dns`
    await expect(postWebhook(target, {}, { allowPrivate: false })).rejects.toThrow(/private/)
    expect(hooks.received.some((r) => r.path === "/dns")).toBe(false)
  })
})

describe("rules on the scheduler's refresh", () => {
  it("apply when the scheduler ingests new entries", async () => {
    // A tick claims every due feed in its database, so this test keeps a database of its own.
    const own = await startTestServer({}, { freshDatabase: true })
    try {
      feeds.set("/due.xml", { body: rss("/due.xml", items(3, "/due.xml")) })
      const api = apiAs(own.url, await signUp(own.url))
      await api("PUT", "/actions", { rules: [rule("b", titleHas("blocked"), { block: true })] })
      const feedId = (await api("POST", "/subscriptions", { url: feeds.url("/due.xml"), view: 0 })).body.feed.id
      feeds.set("/due.xml", {
        body: rss("/due.xml", [...fresh("/due.xml", "Blocked one", "Kept one"), ...items(3, "/due.xml")]),
      })
      expect(await own.refreshDue(new Date(Date.now() + 2 * 86_400_000))).toBe(1)
      const seen = titles((await api("POST", "/entries", { feedId })).body.data)
      expect(seen).toContain("Kept one")
      expect(seen).not.toContain("Blocked one")
    } finally {
      await own.close()
    }
  })
})

describe("starred by a rule, many at once", () => {
  it("pages through entries starred in the same instant without losing any", async () => {
    feeds.set("/bulk-star.xml", { body: rss("/bulk-star.xml", items(3, "/bulk-star.xml")) })
    // "bulk " and not "bulk": the feed's older items ("/bulk-star.xml 0") are starred at subscribe time otherwise.
    const { api, feedId } = await reader("/bulk-star.xml", [rule("all", titleHas("bulk "), { star: true })])
    await publish(
      "/bulk-star.xml",
      feedId,
      fresh("/bulk-star.xml", ...Array.from({ length: 30 }, (_, i) => `bulk ${i}`)),
    )
    const first = (await api("POST", "/entries", { isCollection: true, limit: 20 })).body.data
    const cursor = first.at(-1).collections.createdAt
    const rest = (await api("POST", "/entries", { isCollection: true, limit: 20, publishedAfter: cursor })).body.data
    const seen = new Set([...first, ...rest].map((i: { entries: { id: string } }) => i.entries.id))
    expect(seen.size).toBe(30)
    expect(first.length + rest.length).toBe(30)
  })
})
