// Web Push delivery through the real server: messages are encrypted for the subscriber (RFC 8291; the test decrypts
// with the subscriber's private key), carry a VAPID JWT the test verifies (RFC 8292), go out when a "notify" rule
// matches a new entry and on the user's own test call, reach only that user's devices, and a subscription the push
// service calls gone (410) is forgotten. The push service is a loopback HTTP server this test starts.
import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  verify,
} from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { eq } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { encryptPayload } from "../src/push/encrypt.ts"
import { publicPoint } from "../src/push/vapid.ts"
import { refreshFeedById } from "../src/services/feeds.ts"
import { appMeta } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

interface PushRequest {
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A push service stand-in: records each POST; a path in `gone` answers 410. */
async function startPushService() {
  const received: PushRequest[] = []
  const gone = new Set<string>()
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const path = req.url ?? "/"
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(gone.has(path) ? 410 : 201).end()
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`
  return {
    base,
    received,
    gone,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  }
}

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function subscriber(endpoint: string) {
  const ecdh = createECDH("prime256v1")
  ecdh.generateKeys()
  const auth = randomBytes(16)
  const json = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  }
  return { ecdh, auth, json, token: JSON.stringify(json) }
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key)
  for (const d of data) mac.update(d)
  return mac.digest()
}

/** Decrypts an aes128gcm body as the browser does (RFC 8291 §3.4, RFC 8188 §2). */
function decrypt(sub: ReturnType<typeof subscriber>, body: Buffer): string {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]!
  const asPublic = body.subarray(21, 21 + idlen)
  const record = body.subarray(21 + idlen)
  expect(rs).toBeGreaterThanOrEqual(18)
  expect(record.length).toBeLessThanOrEqual(rs)
  const shared = sub.ecdh.computeSecret(asPublic)
  const uaPublic = sub.ecdh.getPublicKey()
  const prkKey = hmac(sub.auth, shared)
  const ikm = hmac(prkKey, Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1]))
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12)
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  // Padding delimiter of the last record: 0x02, then only zeros.
  const end = plain.lastIndexOf(2)
  expect(plain.subarray(end + 1).every((b) => b === 0)).toBe(true)
  return plain.subarray(0, end).toString()
}

/** Checks the VAPID Authorization header: ES256 over header.claims by the key in k=, for this push service. */
function verifyVapid(header: string | undefined, audience: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "")
  expect(match, header).not.toBeNull()
  const [, jwt, k] = match!
  expect(k).toBe(publicKey)
  const [h, c, s] = jwt!.split(".") as [string, string, string]
  expect(JSON.parse(Buffer.from(h, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" })
  const claims = JSON.parse(Buffer.from(c, "base64url").toString())
  expect(claims.aud).toBe(audience)
  expect(claims.sub).toMatch(/^(mailto:|https:)/)
  const now = Date.now() / 1000
  expect(claims.exp).toBeGreaterThan(now)
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600)
  const point = Buffer.from(k!, "base64url")
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  })
  const ok = verify("sha256", Buffer.from(`${h}.${c}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(s, "base64url"))
  expect(ok).toBe(true)
}

let server: TestServer
let feeds: FeedServer
let push: Awaited<ReturnType<typeof startPushService>>

beforeAll(async () => {
  ;[server, feeds, push] = await Promise.all([startTestServer(), startFeedServer(), startPushService()])
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
  await push?.close()
})

async function until<T>(check: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error("timed out waiting")
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe("web push encryption", () => {
  it("makes a body only the subscriber can read, fresh each time", () => {
    const sub = subscriber("https://push.example/x")
    const text = JSON.stringify({ title: "Héllo", body: "x".repeat(2000) })
    const a = encryptPayload(sub.json.keys, Buffer.from(text))
    const b = encryptPayload(sub.json.keys, Buffer.from(text))
    expect(decrypt(sub, a)).toBe(text)
    expect(decrypt(sub, b)).toBe(text)
    expect(a.equals(b)).toBe(false)
    // Another subscriber's keys do not open it.
    const other = subscriber("https://push.example/y")
    expect(() => decrypt(other, a)).toThrow()
  })

  it("refuses keys that are not a P-256 point and payloads beyond one record", () => {
    const sub = subscriber("https://push.example/x")
    expect(() => encryptPayload({ ...sub.json.keys, p256dh: "AAAA" }, Buffer.from("x"))).toThrow()
    expect(() => encryptPayload(sub.json.keys, Buffer.alloc(5000))).toThrow()
  })
})

describe("web push delivery", () => {
  it("keeps one VAPID key pair in the database and offers its public key", async () => {
    const anon = apiAs(server.url, undefined)
    const configs = (await anon("GET", "/status/configs")).body.data
    expect(configs.WEB_PUSH_PUBLIC_KEY).toMatch(/^B[A-Za-z0-9_-]{86}$/)
    const me = await signUp(server.url)
    const key = (await apiAs(server.url, me)("GET", "/messaging/vapid-key")).body.data.publicKey
    expect(key).toBe(configs.WEB_PUSH_PUBLIC_KEY)
    // Kept in app_meta (not a file): the private key as a JWK whose public point is the one offered.
    const [row] = await server.database.db.select().from(appMeta).where(eq(appMeta.key, "vapid_keys"))
    const jwk = JSON.parse(row!.value)
    expect(jwk).toMatchObject({ kty: "EC", crv: "P-256", d: expect.any(String) })
    expect(publicPoint(createPrivateKey({ key: jwk, format: "jwk" }))).toBe(key)
  })

  it("pushes a notify rule's new entry to the user's devices, decrypted and VAPID-signed; not to another user's", async () => {
    const me = await signUp(server.url)
    const other = await signUp(server.url)
    const asMe = apiAs(server.url, me)
    const asOther = apiAs(server.url, other)
    const mine = subscriber(`${push.base}/me/1`)
    const theirs = subscriber(`${push.base}/other/1`)
    expect((await asMe("POST", "/messaging", { token: mine.token, channel: "web" })).body).toEqual({ code: 0 })
    expect((await asOther("POST", "/messaging", { token: theirs.token, channel: "web" })).body).toEqual({ code: 0 })
    const rule = {
      name: "notify releases",
      condition: [{ field: "entry_title", operator: "contains", value: "release" }],
      result: { newEntryNotification: true },
    }
    expect((await asMe("PUT", "/actions", { rules: [rule] })).body).toEqual({ code: 0 })
    feeds.set("/push.xml", { body: rss("/push.xml", items(2, "/push.xml")) })
    const sub = await asMe("POST", "/subscriptions", { url: feeds.url("/push.xml"), view: 0 })
    const feedId = sub.body.feed.id as string
    // The other user follows the same feed without the rule.
    await asOther("POST", "/subscriptions", { url: feeds.url("/push.xml"), view: 0 })
    // Subscribing copies history: no notification for it.
    await new Promise((r) => setTimeout(r, 200))
    expect(push.received.filter((r) => r.path.startsWith("/me/"))).toEqual([])

    const now = Date.now()
    feeds.set("/push.xml", {
      body: rss("/push.xml", [
        { guid: "n1", title: "A release 2.0", pubDate: new Date(now) },
        { guid: "n2", title: "Unrelated news", pubDate: new Date(now - 1000) },
        ...items(2, "/push.xml"),
      ]),
    })
    await refreshFeedById(server.deps, feedId)
    const call = await until(() => push.received.find((r) => r.path === "/me/1"))
    expect(call.headers["content-encoding"]).toBe("aes128gcm")
    expect(Number(call.headers.ttl)).toBeGreaterThan(0)
    const key = (await asMe("GET", "/messaging/vapid-key")).body.data.publicKey
    verifyVapid(call.headers.authorization, push.base, key)
    const payload = JSON.parse(decrypt(mine, call.body))
    expect(payload).toMatchObject({
      kind: "entry",
      body: "A release 2.0",
      url: expect.stringMatching(new RegExp(`^/timeline/view-0/${feedId}/\\d+$`)),
    })
    expect(payload.title).toBeTruthy()
    await new Promise((r) => setTimeout(r, 200))
    expect(push.received.filter((r) => r.path === "/me/1")).toHaveLength(1)
    expect(push.received.filter((r) => r.path.startsWith("/other/"))).toEqual([])
  })

  it("pushes a notify rule's match among entries arriving in an inbox (webhook ingress)", async () => {
    const me = await signUp(server.url)
    const asMe = apiAs(server.url, me)
    const device = subscriber(`${push.base}/inbox/1`)
    await asMe("POST", "/messaging", { token: device.token, channel: "web" })
    const rule = { name: "all", condition: [], result: { newEntryNotification: true } }
    expect((await asMe("PUT", "/actions", { rules: [rule] })).body).toEqual({ code: 0 })
    const handle = `push-${Date.now().toString(36)}`
    expect((await asMe("POST", "/inboxes", { handle, title: "Alerts" })).body.code).toBe(0)
    const secret = (await asMe("GET", `/inboxes?handle=${handle}`)).body.data.secret as string
    const res = await fetch(`${server.url}/inboxes/webhook?handle=${handle}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-inbox-secret": secret },
      body: JSON.stringify({ guid: "alert-1", publishedAt: new Date().toISOString(), title: "Disk almost full" }),
    })
    expect(res.status).toBe(200)
    const call = await until(() => push.received.find((r) => r.path === "/inbox/1"))
    expect(JSON.parse(decrypt(device, call.body))).toMatchObject({
      kind: "inbox",
      title: "Alerts",
      body: "Disk almost full",
      url: expect.stringMatching(new RegExp(`^/timeline/view-0/inbox-${handle}/\\d+$`)),
    })
  })

  it("sends a test notification to the caller's devices and forgets one the push service calls gone", async () => {
    const me = await signUp(server.url)
    const other = await signUp(server.url)
    const asMe = apiAs(server.url, me)
    const asOther = apiAs(server.url, other)
    const live = subscriber(`${push.base}/t/live`)
    const dead = subscriber(`${push.base}/t/dead`)
    const theirs = subscriber(`${push.base}/t/theirs`)
    push.gone.add("/t/dead")
    push.gone.add("/t/theirs")
    await asMe("POST", "/messaging", { token: live.token, channel: "web" })
    await asMe("POST", "/messaging", { token: dead.token, channel: "web" })
    await asOther("POST", "/messaging", { token: theirs.token, channel: "web" })

    const res = await asMe("POST", "/messaging/test", {})
    expect(res.body).toEqual({ code: 0, data: { sent: 1, removed: 1, failed: 0 } })
    const call = push.received.find((r) => r.path === "/t/live")!
    expect(JSON.parse(decrypt(live, call.body))).toMatchObject({ kind: "test", url: "/settings/notifications" })
    const tokens = (await asMe("GET", "/messaging")).body.data.map((d: { token: string }) => d.token)
    expect(tokens).toEqual([live.token])
    // The second user's device (even one that would answer 410) was not called nor removed.
    expect(push.received.some((r) => r.path === "/t/theirs")).toBe(false)
    expect((await asOther("GET", "/messaging")).body.data).toHaveLength(1)
  })

  it("refuses a push endpoint on a private address unless ALLOW_PRIVATE_NETWORK", async () => {
    const guarded = await startTestServer({ ALLOW_PRIVATE_NETWORK: "false" })
    try {
      const me = await signUp(guarded.url)
      const asMe = apiAs(guarded.url, me)
      const http = subscriber(`${push.base}/g/http`)
      expect((await asMe("POST", "/messaging", { token: http.token, channel: "web" })).status).toBe(400)
      // An https endpoint on loopback is stored, but delivery refuses it (the SSRF guard), and counts it failed.
      const loop = subscriber("https://127.0.0.1:9/g/https")
      expect((await asMe("POST", "/messaging", { token: loop.token, channel: "web" })).body).toEqual({ code: 0 })
      const res = await asMe("POST", "/messaging/test", {})
      expect(res.body.data).toEqual({ sent: 0, removed: 0, failed: 1 })
    } finally {
      await guarded.close()
    }
  })
})
