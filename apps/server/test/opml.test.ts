import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs as sdkAsUser, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer
const FEEDS = 320

/** A real-world-shaped OPML: folders nested two deep, some feeds at the top, mixed attribute spellings. */
function opmlFile(count: number, path = (i: number) => `/f/${i}.xml`): string {
  const outline = (i: number) =>
    `<outline type="rss" text="Feed ${i}" title="Feed ${i}" xmlUrl="${feeds.url(path(i))}" htmlUrl="https://site${i}.example/"/>`
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="1.0"><head><title>Export from another reader</title></head><body>',
  ]
  for (let i = 0; i < count; i++) {
    if (i % 40 === 0)
      lines.push(
        i ? "</outline></outline>" : "",
        `<outline text="Group ${i / 40}">`,
        `<outline title="Sub ${i / 40}" text="Sub ${i / 40}">`,
      )
    lines.push(i % 7 === 0 ? outline(i).replace("xmlUrl", "xmlurl") : outline(i))
  }
  lines.push(
    "</outline></outline>",
    `<outline text="Top level" xmlUrl="${feeds.url("/top.xml")}"/>`,
    '<outline text="Broken" xmlUrl="not a url"/>',
  )
  lines.push("</body></opml>")
  return lines.join("\n")
}

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([
    startTestServer({ TRIAL_MAX_FEED_SUBSCRIPTIONS: "5000", ADMIN_EMAILS: "nobody@example.test" }),
    startFeedServer(),
  ])
  for (let i = 0; i < 2000; i++) feeds.set(`/f/${i}.xml`, { body: rss(`Feed ${i}`, items(2, `f${i}`)) })
  feeds.set("/top.xml", { body: rss("Top level", items(2, "top")) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

function sdk(user: TestUser) {
  return sdkAsUser(server.url, user)
}

function upload(text: string, items?: string[]) {
  const form = new FormData()
  form.set("file", new Blob([text], { type: "text/x-opml" }), "subscriptions.opml")
  if (items) form.set("items", JSON.stringify(items))
  return form
}

async function subscriptionsOf(user: TestUser) {
  const subs = (await sdk(user).subscriptions.get({})).data as {
    feeds?: { url: string; title: string }
    title: string | null
    category: string | null
    view: number
  }[]
  return subs
    .filter((s) => s.feeds)
    .map((s) => ({ url: s.feeds!.url, title: s.title ?? s.feeds!.title, category: s.category, view: s.view }))
    .sort((a, b) => a.url.localeCompare(b.url))
}

describe("OPML", () => {
  it("previews a file with the remaining quota", async () => {
    const user = await signUp(server.url)
    const text = opmlFile(12)
    const preview = await sdk(user).subscriptions.parseOpml(new TextEncoder().encode(text).buffer as ArrayBuffer)
    expect(preview.data.remaining).toBe(5000)
    expect(preview.data.subscriptions).toHaveLength(14)
    expect(preview.data.subscriptions[0]).toMatchObject({
      url: feeds.url("/f/0.xml"),
      category: "Sub 0",
      title: "Feed 0",
      view: 0,
    })
    expect(preview.data.subscriptions.find((s) => s.title === "Top level")?.category).toBeNull()
  })

  it("imports 300+ feeds with nested categories, exports them, and a fresh user re-imports the same", async () => {
    const first = await signUp(server.url)
    const result = await sdk(first).subscriptions.import(upload(opmlFile(FEEDS)))
    expect(result.data.successfulItems).toHaveLength(FEEDS + 1)
    expect(result.data.parsedErrorItems).toEqual([{ url: "not a url", title: "Broken" }])
    expect(result.data.conflictItems).toEqual([])
    await server.jobs.queue.idle()
    // Views travel too: move some feeds to Pictures before exporting.
    const all = await subscriptionsOf(first)
    const ids = (await apiAs(server.url, first)("GET", "/subscriptions")).body.data
      .filter((s: { feeds: { url: string } }) => s.feeds.url.endsWith("/f/1.xml") || s.feeds.url.endsWith("/f/2.xml"))
      .map((s: { feedId: string }) => s.feedId)
    await sdk(first).subscriptions.batchUpdate({ feedIds: ids, view: 2 })
    expect(all).toHaveLength(FEEDS + 1)
    expect(all.find((s) => s.url.endsWith("/f/45.xml"))).toMatchObject({ category: "Sub 1", title: "Feed 45" })
    expect((await apiAs(server.url, first)("GET", "/reads/total-count")).body.data.count).toBe((FEEDS + 1) * 2)

    const exported = await sdk(first).subscriptions.export({ format: "opml" })
    expect(exported.contentType).toContain("opml")
    const second = await signUp(server.url)
    const again = await sdk(second).subscriptions.import(upload(exported.content))
    expect(again.data.successfulItems).toHaveLength(FEEDS + 1)
    expect(await subscriptionsOf(second)).toEqual(await subscriptionsOf(first))
    // The feeds were known already, so the second user's timeline is there at once.
    expect((await apiAs(server.url, second)("GET", "/reads/total-count")).body.data.count).toBe((FEEDS + 1) * 2)

    const byView = await fetch(`${server.url}/subscriptions/export?folderMode=view`, {
      headers: { authorization: `Bearer ${second.token}` },
    })
    expect(byView.headers.get("content-disposition")).toContain("attachment")
    const third = await signUp(server.url)
    await sdk(third).subscriptions.import(upload(await byView.text()))
    expect(await subscriptionsOf(third)).toEqual(await subscriptionsOf(first))
  })

  it("answers conflicts, honours a selection, and refuses more than the quota without importing anything", async () => {
    const user = await signUp(server.url)
    const text = opmlFile(10)
    await sdk(user).subscriptions.import(upload(text, [feeds.url("/f/1.xml"), feeds.url("/f/2.xml")]))
    expect(await subscriptionsOf(user)).toHaveLength(2)
    const again = await sdk(user).subscriptions.import(upload(text, [feeds.url("/f/1.xml"), feeds.url("/f/3.xml")]))
    expect(again.data.conflictItems.map((i) => i.url)).toEqual([feeds.url("/f/1.xml")])
    expect(again.data.successfulItems.map((i) => i.url)).toEqual([feeds.url("/f/3.xml")])

    const limited = await startTestServer({ TRIAL_MAX_FEED_SUBSCRIPTIONS: "5", ADMIN_EMAILS: "nobody@example.test" })
    try {
      const trial = apiAs(limited.url, await signUp(limited.url))
      const form = upload(text)
      const res = await fetch(`${limited.url}/subscriptions/import`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${(await signUp(limited.url)).token}` },
      })
      expect([res.status, ((await res.json()) as { code: number }).code]).toEqual([400, 1100])
      expect((await trial("GET", "/subscriptions")).body.data).toEqual([])
      const bad = await fetch(`${limited.url}/subscriptions/import`, {
        method: "POST",
        body: "not a form",
        headers: { authorization: `Bearer ${(await signUp(limited.url)).token}` },
      })
      expect(((await bad.json()) as { code: number }).code).toBe(14000)
    } finally {
      await limited.close()
    }
  })

  it("imports a 2,000-feed file promptly and fetches the feeds in the background", async () => {
    const user = await signUp(server.url)
    const started = Date.now()
    const result = await sdk(user).subscriptions.import(upload(opmlFile(2000, (i) => `/f/${i}.xml`)))
    const seconds = (Date.now() - started) / 1000
    console.log(`2,000-feed OPML import answered in ${seconds.toFixed(2)} s`)
    expect(result.data.successfulItems).toHaveLength(2001)
    expect(seconds).toBeLessThan(10)
    await server.jobs.queue.idle()
    expect((await apiAs(server.url, user)("GET", "/reads/total-count")).body.data.count).toBe(2001 * 2)
  }, 180_000)
})
