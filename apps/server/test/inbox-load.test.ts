// Webhook under load: a thousand parallel posts to one inbox, with wrong secrets and repeated guids among them.
import { randomUUID } from "node:crypto"
import { FollowClient } from "@follow-app/client-sdk"
import { count, eq } from "drizzle-orm"
import { Agent, fetch } from "undici"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inboxEntries } from "../src/storage/schema.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp } from "./support/users.ts"

let server: TestServer
// All posts are issued at once; they share at most 128 sockets. A thousand simultaneous connects can overflow the
// listen backlog of a busy 2-core machine (connections reset by the OS, not refused by the server).
const pool = new Agent({ connections: 128 })

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
  await pool.close()
})

async function push(handle: string, secret: string, body: object) {
  const res = await fetch(`${server.url}/inboxes/webhook?handle=${handle}`, {
    method: "POST",
    dispatcher: pool,
    headers: { "content-type": "application/json", "x-inbox-secret": secret },
    body: JSON.stringify(body),
  })
  return ((await res.json()) as { code: number }).code
}

async function storedRows(handle: string) {
  const [row] = await server.deps.db
    .select({ n: count() })
    .from(inboxEntries)
    .where(eq(inboxEntries.inboxHandle, handle))
  return row!.n
}

describe("1,000 parallel webhook posts", () => {
  it("store every entry exactly once, reject every wrong secret, and update on repeated guids", async () => {
    const client = new FollowClient({ baseURL: server.url, timeout: 60_000 })
    client.setAuthToken((await signUp(server.url, "Loaded")).token)
    const api = client.api
    const handle = `load-${randomUUID().slice(0, 8)}`
    await api.inboxes.post({ handle })
    const secret = (await api.inboxes.get({ handle })).data.secret
    const base = Date.UTC(2025, 5, 1)
    const entry = (i: number, title = `Entry ${i}`) => ({
      guid: `guid-${i}`,
      // Ten entries per second of publishing time: plenty of equal timestamps for the pager to get right.
      publishedAt: new Date(base + Math.floor(i / 10) * 1000).toISOString(),
      title,
      content: `<p>Body of entry ${i}</p>`,
    })

    const good = Array.from({ length: 1000 }, (_, i) => push(handle, secret, entry(i)))
    const wrong = Array.from({ length: 100 }, (_, i) => push(handle, `${secret.slice(0, -4)}${i}`, entry(5000 + i)))
    const [goodCodes, wrongCodes] = await Promise.all([Promise.all(good), Promise.all(wrong)])
    expect(goodCodes.every((c) => c === 0)).toBe(true)
    expect(wrongCodes.every((c) => c === 10003)).toBe(true)
    expect(await storedRows(handle)).toBe(1000)
    expect((await api.reads.get({})).data).toEqual({ [handle]: 1000 })
    expect((await api.reads.getTotalCount()).data.count).toBe(1000)

    // Repeats of existing guids, and twenty racing posts of one new guid.
    const repeats = Array.from({ length: 200 }, (_, i) => push(handle, secret, entry(i * 5, `Updated ${i * 5}`)))
    const racing = Array.from({ length: 20 }, () => push(handle, secret, entry(1000)))
    expect((await Promise.all([...repeats, ...racing])).every((c) => c === 0)).toBe(true)
    expect(await storedRows(handle)).toBe(1001)
    expect((await api.reads.get({})).data).toEqual({ [handle]: 1001 })

    // Paging through the whole inbox meets every entry once, newest first.
    const seen: { guid: string; title: string | null }[] = []
    let before: string | undefined
    for (;;) {
      const page = (await api.entries.inbox.list({ inboxId: handle, limit: 100, publishedAfter: before })).data
      seen.push(...page.map((i) => ({ guid: i.entries.guid, title: i.entries.title })))
      if (page.length < 100) break
      before = page.at(-1)!.entries.publishedAt
    }
    expect(seen).toHaveLength(1001)
    expect(new Set(seen.map((s) => s.guid)).size).toBe(1001)
    expect(seen.find((s) => s.guid === "guid-995")?.title).toBe("Updated 995")
    expect(seen.find((s) => s.guid === "guid-996")?.title).toBe("Entry 996")
  }, 60_000)
})
