// E-mail ingress: a mail worker's parsed message becomes an inbox entry; authenticated by its token or the inbox secret.
import { randomUUID } from "node:crypto"
import { FollowAPIError, FollowClient, type InboxEmailRequest } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp } from "./support/users.ts"

const TOKEN = `mail-worker-${randomUUID()}`
let plain: TestServer
let withToken: TestServer

beforeAll(async () => {
  ;[plain, withToken] = await Promise.all([startTestServer(), startTestServer({ INBOX_EMAIL_TOKEN: TOKEN })])
})
afterAll(async () => {
  await Promise.all([plain?.close(), withToken?.close()])
})

async function newInbox(server: TestServer) {
  const client = new FollowClient({ baseURL: server.url, timeout: 20_000 })
  client.setAuthToken((await signUp(server.url)).token)
  const api = client.api
  const handle = `mail-${randomUUID().slice(0, 8)}`
  await api.inboxes.post({ handle })
  const secret = (await api.inboxes.get({ handle })).data.secret
  const entries = async () => (await api.entries.inbox.list({ inboxId: handle })).data
  return { api, handle, secret, entries }
}

async function send(server: TestServer, headers: Record<string, string>, body: unknown) {
  const res = await fetch(`${server.url}/inboxes/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as { code: number } }
}

const message = (to: string, extra: Partial<InboxEmailRequest> & { text?: string } = {}) => ({
  from: { name: "Weekly Digest", address: "digest@news.example" },
  to: { address: to },
  subject: "Issue 42",
  messageId: `<${randomUUID()}@news.example>`,
  date: "2025-03-01T08:00:00.000Z",
  html: `<h1>Issue 42</h1><p>Read <a href="https://news.example/42">more</a></p><img src="x" onerror="alert(1)">`,
  ...extra,
})

describe("without INBOX_EMAIL_TOKEN: the inbox secret", () => {
  it("turns a message into an entry, routed by the local part of any domain, minus a +tag", async () => {
    const inbox = await newInbox(plain)
    const mail = message(`${inbox.handle.toUpperCase()}+weekly@anywhere.example`)
    const viaSdk = await inbox.api.inboxes.email(mail, { headers: { "X-Inbox-Secret": inbox.secret } })
    expect(viaSdk).toEqual({ code: 0 })
    const [item] = await inbox.entries()
    expect(item!.entries).toMatchObject({
      guid: mail.messageId,
      title: "Issue 42",
      author: "Weekly Digest",
      authorUrl: "mailto:digest@news.example",
      publishedAt: "2025-03-01T08:00:00.000Z",
      description: "Issue 42 Read more",
      read: false,
    })
    const full = await inbox.api.entries.inbox.get({ id: item!.entries.id })
    expect(full.data?.entries.content).toContain(`<a href="https://news.example/42"`)
    expect(full.data?.entries.content).not.toContain("onerror")

    // The same Message-ID again updates the entry.
    expect(
      (await send(plain, { "x-inbox-secret": inbox.secret }, { ...mail, subject: "Issue 42 (fixed)" })).body.code,
    ).toBe(0)
    expect((await inbox.entries()).map((i) => i.entries.title)).toEqual(["Issue 42 (fixed)"])
  })

  it("makes paragraphs of a text-only message and falls back to the address and now", async () => {
    const inbox = await newInbox(plain)
    const mail = {
      ...message(`${inbox.handle}@x.example`),
      html: undefined,
      date: "garbage",
      text: "One\nline\n\nTwo <3",
    }
    mail.from = { address: "someone@x.example" } as typeof mail.from
    const started = Date.now()
    expect((await send(plain, { authorization: `Bearer ${inbox.secret}` }, mail)).body.code).toBe(0)
    const [item] = await inbox.entries()
    expect(item!.entries.author).toBe("someone@x.example")
    expect(Date.parse(item!.entries.publishedAt)).toBeGreaterThanOrEqual(started - 1000)
    const full = await inbox.api.entries.inbox.get({ id: item!.entries.id })
    expect(full.data?.entries.content).toBe("<p>One<br />line</p>\n<p>Two &lt;3</p>")
  })

  it("refuses a missing or wrong secret and unknown addresses with 10003, and a bad message with 4", async () => {
    const inbox = await newInbox(plain)
    const mail = message(`${inbox.handle}@x.example`)
    const refused = [
      await send(plain, {}, mail),
      await send(plain, { "x-inbox-secret": "wrong" }, mail),
      await send(plain, { "x-inbox-token": TOKEN }, mail),
      await send(plain, { "x-inbox-secret": inbox.secret }, { ...mail, to: { address: "nobody-here@x.example" } }),
      await send(plain, { "x-inbox-secret": inbox.secret }, { ...mail, to: undefined }),
    ]
    for (const res of refused) expect([res.status, res.body.code]).toEqual([403, 10003])
    const bad = await send(plain, { "x-inbox-secret": inbox.secret }, { ...mail, from: "not an object" })
    expect([bad.status, bad.body.code]).toEqual([400, 4])
    const viaSdk = await inbox.api.inboxes.email(mail).catch((e: unknown) => e)
    expect(viaSdk).toBeInstanceOf(FollowAPIError)
    expect((viaSdk as FollowAPIError).code).toBe("10003")
    expect(await inbox.entries()).toEqual([])
  })
})

describe("with INBOX_EMAIL_TOKEN: the mail worker's token", () => {
  it("accepts the token and nothing else", async () => {
    const inbox = await newInbox(withToken)
    const mail = message(`${inbox.handle}@inbox.tidings.local`)
    const refused: Record<string, string>[] = [{ "x-inbox-secret": inbox.secret }, { "x-inbox-token": `${TOKEN}x` }, {}]
    for (const headers of refused) {
      const res = await send(withToken, headers, mail)
      expect([res.status, res.body.code]).toEqual([403, 10003])
    }
    const unknown = await send(withToken, { "x-inbox-token": TOKEN }, message("unknown-handle@inbox.tidings.local"))
    expect([unknown.status, unknown.body.code]).toEqual([403, 10003])
    expect(await inbox.entries()).toEqual([])
    expect((await send(withToken, { "x-inbox-token": TOKEN }, mail)).body.code).toBe(0)
    expect((await inbox.entries()).map((i) => i.entries.guid)).toEqual([mail.messageId])
    expect((await inbox.api.reads.get({})).data).toEqual({ [inbox.handle]: 1 })
  })
})
