// WebSub push: a loopback hub and a loopback feed server whose feeds name the hub. Following a feed subscribes at
// the hub; the hub's signed POST puts the entry in the follower's timeline within a second; a bad signature stores
// nothing; leases are renewed; a failing hub leaves the feed polled; the last follower leaving unsubscribes.
import { and, eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { refreshFeedById } from "../src/services/feeds.ts"
import { tendDueWebSubs } from "../src/services/websub.ts"
import { findFeedById } from "../src/storage/feeds.ts"
import { entries, websubSubscriptions } from "../src/storage/schema.ts"
import { type FeedServer, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"
import { type LoopbackHub, startHub } from "./support/websub-hub.ts"

let server: TestServer
let feeds: FeedServer
let hub: LoopbackHub
let brokenHub: LoopbackHub

beforeAll(async () => {
  ;[server, feeds, hub, brokenHub] = await Promise.all([
    startTestServer({ WEBSUB_ENABLED: "true" }),
    startFeedServer(),
    startHub(),
    startHub({ refuseWith: 500 }),
  ])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await hub?.close()
  await brokenHub?.close()
})

interface Item {
  id: string
  title: string
  published?: Date
}

function atom(title: string, items: Item[], links: { hub?: string; self?: string } = {}): string {
  const entriesXml = items
    .map(
      (i) => `<entry><id>${i.id}</id><title>${i.title}</title><link href="https://example.com/${i.id}"/>
<updated>${(i.published ?? new Date()).toISOString()}</updated><content type="html">&lt;p&gt;${i.title}&lt;/p&gt;</content></entry>`,
    )
    .join("\n")
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><id>urn:${title}</id>
<updated>${new Date().toISOString()}</updated><link rel="alternate" href="https://example.com/"/>
${links.hub ? `<link rel="hub" href="${links.hub}"/>` : ""}${links.self ? `<link rel="self" href="${links.self}"/>` : ""}
${entriesXml}
</feed>`
}

function rss(title: string, items: Item[]): string {
  const body = items
    .map(
      (i) =>
        `<item><guid>${i.id}</guid><title>${i.title}</title><pubDate>${(i.published ?? new Date()).toUTCString()}</pubDate></item>`,
    )
    .join("\n")
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><link>https://example.com/</link>
<description>${title}</description>${body}</channel></rss>`
}

async function websubRow(feedId: string) {
  const [row] = await server.deps.db.select().from(websubSubscriptions).where(eq(websubSubscriptions.feedId, feedId))
  return row
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function timelineTitles(reader: ReturnType<typeof apiAs>): Promise<string[]> {
  const page = await reader("POST", "/entries", { view: 0 })
  return (page.body.data as { entries: { title: string } }[]).map((item) => item.entries.title)
}

/** A feed at `path` naming the hub in its document (link element) and its own topic URL. */
async function followAtomFeed(path: string, reader: ReturnType<typeof apiAs>) {
  const topic = feeds.url(path)
  feeds.set(path, {
    body: atom(path, [{ id: `${path}-1`, title: `${path} first` }], { hub: hub.url, self: topic }),
    headers: { "content-type": "application/atom+xml" },
  })
  const subscribed = await reader("POST", "/subscriptions", { url: topic, view: 0 })
  expect(subscribed.status).toBe(200)
  const feedId = subscribed.body.feed.id as string
  await hub.verified(topic)
  return { topic, feedId }
}

describe("discovery and subscription", () => {
  it("subscribes at the hub a feed's <link rel=hub> names, and the hub's verification makes it active", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic, feedId } = await followAtomFeed("/linked.atom", reader)
    const request = hub.requests.find((r) => r.topic === topic && r.mode === "subscribe")!
    expect(request.callback).toMatch(new RegExp(`^${server.url}/websub/[A-Za-z0-9_-]{32}$`))
    expect(request.secret).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(request.leaseSeconds).toBe(server.deps.config.WEBSUB_LEASE_SECONDS)
    const row = await websubRow(feedId)
    expect(row).toMatchObject({ state: "active", hub: hub.url, topic, leaseSeconds: request.leaseSeconds })
    expect(row!.leaseExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 0.9 * request.leaseSeconds! * 1000)
    // the secret is the one the hub was given, and no other feed shares the callback
    expect(row!.secret).toBe(request.secret)
  })

  it("finds the hub and the topic in HTTP Link headers too (RSS without any link element)", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const path = "/headers.rss"
    const topic = "https://example.com/canonical-topic.rss"
    feeds.set(path, {
      body: rss("Headers", [{ id: "h-1", title: "Header first" }]),
      headers: { link: `<${hub.url}>; rel="hub", <${topic}>; rel="self"` },
    })
    const feedId = (await reader("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
    await hub.verified(topic)
    expect(await websubRow(feedId)).toMatchObject({ state: "active", topic })
  })
})

describe("content distribution", () => {
  it("stores a signed push at once: the entry is in the follower's timeline within 1 s of the hub's POST", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic } = await followAtomFeed("/pushed.atom", reader)
    expect(await timelineTitles(reader)).toEqual(["/pushed.atom first"])
    const pushAndWait = async (id: string, title: string) => {
      const body = atom("/pushed.atom", [{ id, title }], { hub: hub.url, self: topic })
      const started = performance.now()
      // The push is stored before the hub gets its answer; the timeline is read once it has it (reading it over and
      // over meanwhile would only compete with the ingest on the embedded database's single connection).
      expect(await hub.publish(topic, body)).toEqual([200])
      return waitFor("the pushed entry in the timeline", async () =>
        (await timelineTitles(reader)).includes(title) ? performance.now() - started : undefined,
      )
    }
    // The first push into a fresh process also pays for the ingest statements' first planning (on the embedded
    // database, a few hundred ms on a busy 2-core box); the second is what a running server does.
    const first = await pushAndWait("pushed-2", "Pushed news")
    const second = await pushAndWait("pushed-3", "Pushed again")
    console.info(
      `websub: pushed entry in the timeline ${first.toFixed(0)} ms (first push) and ${second.toFixed(0)} ms after the hub's POST`,
    )
    expect(second).toBeLessThan(1000)
    expect(await timelineTitles(reader)).toEqual(["Pushed again", "Pushed news", "/pushed.atom first"])
  })

  it("accepts each HMAC method the spec names (sha1, sha256, sha384, sha512)", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic } = await followAtomFeed("/methods.atom", reader)
    for (const algorithm of ["sha1", "sha384", "sha512"]) {
      const body = atom("/methods.atom", [{ id: `m-${algorithm}`, title: `Signed ${algorithm}` }])
      expect(await hub.publish(topic, body, { algorithm })).toEqual([200])
    }
    expect(await timelineTitles(reader)).toEqual(
      expect.arrayContaining(["Signed sha1", "Signed sha384", "Signed sha512"]),
    )
  })

  it("ignores a push with a wrong or missing signature: acknowledged, nothing stored", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic, feedId } = await followAtomFeed("/forged.atom", reader)
    const forged = atom("/forged.atom", [{ id: "forged-1", title: "Forged" }])
    expect(await hub.publish(topic, forged, { secret: "not-the-secret" })).toEqual([202])
    expect(await hub.publish(topic, forged, { unsigned: true })).toEqual([202])
    expect(await timelineTitles(reader)).toEqual(["/forged.atom first"])
    const stored = await server.deps.db
      .select()
      .from(entries)
      .where(and(eq(entries.feedId, feedId), eq(entries.guid, "forged-1")))
    expect(stored).toHaveLength(0)
    expect((await websubRow(feedId))!.pushedAt).toBeNull()
  })

  it("answers 410 to pushes at a callback that has no subscription", async () => {
    const res = await fetch(`${server.url}/websub/no-such-callback`, { method: "POST", body: "<feed/>" })
    expect(res.status).toBe(410)
  })
})

describe("intent verification", () => {
  it("echoes the challenge only for the topic subscribed to; a wrong topic or unknown callback gets 404", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic } = await followAtomFeed("/verify.atom", reader)
    const callback = hub.requests.find((r) => r.topic === topic)!.callback
    const ask = (params: Record<string, string>, at = callback) =>
      fetch(`${at}?${new URLSearchParams(params)}`).then(async (res) => ({
        status: res.status,
        text: await res.text(),
      }))
    const good = { "hub.mode": "subscribe", "hub.topic": topic, "hub.challenge": "c-1", "hub.lease_seconds": "3600" }
    expect(await ask(good)).toEqual({ status: 200, text: "c-1" })
    expect((await ask({ ...good, "hub.topic": "https://elsewhere.example/feed" })).status).toBe(404)
    expect((await ask({ ...good, "hub.mode": "unsubscribe" })).status).toBe(404) // no unsubscription was asked for
    expect((await ask(good, `${server.url}/websub/unknown-callback`)).status).toBe(404)
    expect((await ask({ ...good, "hub.challenge": "" })).status).toBe(404)
  })

  it("a denial from the hub marks the subscription failed; polling is untouched", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic, feedId } = await followAtomFeed("/denied.atom", reader)
    const callback = hub.requests.find((r) => r.topic === topic)!.callback
    const res = await fetch(
      `${callback}?${new URLSearchParams({ "hub.mode": "denied", "hub.topic": topic, "hub.reason": "quota" })}`,
    )
    expect(res.status).toBe(200)
    expect(await websubRow(feedId)).toMatchObject({
      state: "failed",
      lastError: "The hub denied the subscription: quota",
    })
  })
})

describe("leases", () => {
  it("renews a lease before it lapses, with the lease the hub grants then", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const { topic, feedId } = await followAtomFeed("/renewed.atom", reader)
    const before = (await websubRow(feedId))!
    hub.options.grantLeaseSeconds = 7200
    try {
      // At four fifths of the lease the ticker renews it.
      const later = new Date(before.nextActionAt!.getTime() + 1000)
      expect(await tendDueWebSubs({ ...server.deps, now: () => later })).toBeGreaterThanOrEqual(1)
      await hub.verified(topic, "subscribe", 2)
    } finally {
      hub.options.grantLeaseSeconds = undefined
    }
    const after = (await websubRow(feedId))!
    expect(after).toMatchObject({ state: "active", leaseSeconds: 7200 })
    expect(after.verifiedAt!.getTime()).toBeGreaterThan(before.verifiedAt!.getTime())
    expect(hub.requests.filter((r) => r.topic === topic && r.mode === "subscribe")).toHaveLength(2)
  })

  it("while a lease is live the feed is polled at the longest interval; once it lapses, as before", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const path = "/busy.atom"
    const topic = feeds.url(path)
    // A busy feed (an entry an hour) is normally polled every few hours.
    const busy = Array.from({ length: 100 }, (_, i) => ({
      id: `busy-${i}`,
      title: `Busy ${i}`,
      published: new Date(Date.now() - i * 3_600_000),
    }))
    feeds.set(path, {
      body: atom(path, busy, { hub: hub.url, self: topic }),
      headers: { "content-type": "application/atom+xml" },
    })
    const feedId = (await reader("POST", "/subscriptions", { url: topic, view: 0 })).body.feed.id
    await hub.verified(topic)
    const maxMs = server.deps.config.FEED_MAX_INTERVAL_MINUTES * 60_000

    await refreshFeedById(server.deps, feedId)
    const pushed = (await findFeedById(server.deps.db, feedId))!.nextCheckAt.getTime() - Date.now()
    expect(pushed).toBeGreaterThan(maxMs - 60_000)

    await server.deps.db
      .update(websubSubscriptions)
      .set({ leaseExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(websubSubscriptions.feedId, feedId))
    await refreshFeedById(server.deps, feedId)
    const polled = (await findFeedById(server.deps.db, feedId))!.nextCheckAt.getTime() - Date.now()
    expect(polled).toBeLessThan(maxMs / 2)
  })
})

describe("a failing hub", () => {
  it("(500 on subscribe) is recorded and retried later, and the feed is polled as before", async () => {
    const reader = apiAs(server.url, await signUp(server.url))
    const path = "/broken-hub.atom"
    const topic = feeds.url(path)
    feeds.set(path, {
      body: atom(path, [{ id: "b-1", title: "Broken first" }], { hub: brokenHub.url, self: topic }),
      headers: { "content-type": "application/atom+xml" },
    })
    const feedId = (await reader("POST", "/subscriptions", { url: topic, view: 0 })).body.feed.id
    const row = await waitFor("the failure to be recorded", async () => {
      const r = await websubRow(feedId)
      return r?.state === "failed" ? r : undefined
    })
    expect(row.lastError).toBe("The hub answered HTTP 500: hub is broken")
    expect(row.nextActionAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000) // retried with back-off

    // Polling goes on at the feed's normal pace (a busy feed: every few hours), and brings the new entry.
    const before = feeds.hits(path)
    const busy = Array.from({ length: 100 }, (_, i) => ({
      id: `b-${i + 2}`,
      title: i ? `Busy ${i}` : "Polled news",
      published: new Date(Date.now() - i * 3_600_000),
    }))
    feeds.set(path, {
      body: atom(path, busy, { hub: brokenHub.url, self: topic }),
      headers: { "content-type": "application/atom+xml" },
    })
    await refreshFeedById(server.deps, feedId)
    expect(feeds.hits(path)).toBe(before + 1)
    expect(await timelineTitles(reader)).toContain("Polled news")
    const next = (await findFeedById(server.deps.db, feedId))!.nextCheckAt.getTime() - Date.now()
    expect(next).toBeLessThan((server.deps.config.FEED_MAX_INTERVAL_MINUTES * 60_000) / 2)
    expect((await websubRow(feedId))!.state).toBe("failed")

    // Once the hub works again, the retry (at its back-off time) subscribes.
    brokenHub.options.refuseWith = undefined
    try {
      await tendDueWebSubs({ ...server.deps, now: () => new Date(row.nextActionAt!.getTime() + 1000) })
      await brokenHub.verified(topic)
      expect(await websubRow(feedId)).toMatchObject({ state: "active", lastError: null, errorCount: 0 })
    } finally {
      brokenHub.options.refuseWith = 500
    }
  })

  it("that never verifies leaves the subscription failed after the deadline", async () => {
    const silent = await startHub({ silent: true })
    try {
      const reader = apiAs(server.url, await signUp(server.url))
      const path = "/silent-hub.atom"
      const topic = feeds.url(path)
      feeds.set(path, {
        body: atom(path, [{ id: "s-1", title: "Silent first" }], { hub: silent.url, self: topic }),
        headers: { "content-type": "application/atom+xml" },
      })
      const feedId = (await reader("POST", "/subscriptions", { url: topic, view: 0 })).body.feed.id
      const pending = await waitFor("the request to be sent", async () => {
        const r = await websubRow(feedId)
        return r?.state === "pending" && silent.requests.length ? r : undefined
      })
      const later = new Date(pending.nextActionAt!.getTime() + 1000)
      await tendDueWebSubs({ ...server.deps, now: () => later })
      expect(await websubRow(feedId)).toMatchObject({
        state: "failed",
        lastError: "The hub never verified the subscription",
      })
    } finally {
      await silent.close()
    }
  })
})

describe("unsubscribing", () => {
  it("happens when the last follower leaves, not before; later pushes get 410", async () => {
    const one = apiAs(server.url, await signUp(server.url))
    const two = apiAs(server.url, await signUp(server.url))
    const { topic, feedId } = await followAtomFeed("/shared.atom", one)
    expect((await two("POST", "/subscriptions", { url: topic, view: 0 })).status).toBe(200)

    expect((await one("DELETE", "/subscriptions", { feedId })).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(hub.requests.filter((r) => r.topic === topic && r.mode === "unsubscribe")).toHaveLength(0)
    expect((await websubRow(feedId))!.state).toBe("active")

    const callback = hub.requests.find((r) => r.topic === topic)!.callback
    expect((await two("DELETE", "/subscriptions", { feedId })).status).toBe(200)
    await hub.verified(topic, "unsubscribe")
    expect(await websubRow(feedId)).toMatchObject({ state: "idle", leaseExpiresAt: null })
    expect(hub.subscriptions.has(callback)).toBe(false)
    const late = await fetch(callback, { method: "POST", body: atom("/shared.atom", []) })
    expect(late.status).toBe(410)
  })
})
