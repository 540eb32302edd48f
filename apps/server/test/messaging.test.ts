// Push registrations (GET, POST, DELETE /messaging) through the real server: a browser's web push subscription is
// kept per user and checked for shape, another user never sees or removes it, and the server offers its VAPID key.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MESSAGING_TOKENS_PER_CHANNEL } from "../src/services/messaging.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const subscription = (n: number) =>
  JSON.stringify({
    endpoint: `https://push.example.test/send/device-${n}`,
    expirationTime: null,
    keys: {
      p256dh: `BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM${n}`,
      auth: "tBHItJI5svbpez7KI4CCXg",
    },
  })

describe("push registrations", () => {
  it("offers the server's VAPID key (made on the first start) in the public configuration", async () => {
    const res = await apiAs(server.url, undefined)("GET", "/status/configs")
    expect(res.body.data.WEB_PUSH_PUBLIC_KEY).toMatch(/^B[A-Za-z0-9_-]{86}$/)
  })

  it("keeps a browser's subscription for its user only, once however often it is sent", async () => {
    const [me, other] = await Promise.all([signUp(server.url), signUp(server.url)])
    const asMe = apiAs(server.url, me)
    const asOther = apiAs(server.url, other)
    expect((await asMe("POST", "/messaging", { token: subscription(1), channel: "web" })).body).toEqual({ code: 0 })
    expect((await asMe("POST", "/messaging", { token: subscription(1), channel: "web" })).body).toEqual({ code: 0 })
    const mine = await asMe("GET", "/messaging")
    expect(mine.body.data).toHaveLength(1)
    expect(mine.body.data[0]).toMatchObject({ userId: me.id, channel: "web", token: subscription(1) })
    expect((await asOther("GET", "/messaging")).body.data).toEqual([])
    // Removing "their" web devices removes only the other user's.
    await asOther("DELETE", "/messaging", { channel: "web" })
    expect((await asMe("GET", "/messaging")).body.data).toHaveLength(1)
    await asMe("DELETE", "/messaging", { channel: "web", token: subscription(1) })
    expect((await asMe("GET", "/messaging")).body.data).toEqual([])
  })

  it("refuses what is not a push subscription, and stores nothing", async () => {
    const me = await signUp(server.url)
    const asMe = apiAs(server.url, me)
    const bad = [
      { token: subscription(1), channel: "pager" },
      { token: "", channel: "web" },
      { token: "not json", channel: "web" },
      {
        token: JSON.stringify({
          endpoint: "http://push.example.test/x",
          keys: { p256dh: "a".repeat(20), auth: "b".repeat(10) },
        }),
        channel: "web",
      },
      {
        token: JSON.stringify({
          endpoint: "https://push.example.test/x",
          keys: { p256dh: "a b c d e f g h i j", auth: "b".repeat(10) },
        }),
        channel: "web",
      },
      { token: "x".repeat(4097), channel: "android" },
      { channel: "web" },
    ]
    for (const body of bad) {
      const res = await asMe("POST", "/messaging", body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(res.body.code).toBe(4)
    }
    expect((await asMe("DELETE", "/messaging", { channel: "carrier-pigeon" })).status).toBe(400)
    expect((await asMe("GET", "/messaging")).body.data).toEqual([])
    // A native app's token is opaque to us.
    expect((await asMe("POST", "/messaging", { token: "fcm-token-123", channel: "android" })).body).toEqual({ code: 0 })
  })

  it(`keeps the ${MESSAGING_TOKENS_PER_CHANNEL} most recent devices per channel`, async () => {
    const me = await signUp(server.url)
    const asMe = apiAs(server.url, me)
    for (let n = 0; n <= MESSAGING_TOKENS_PER_CHANNEL; n++)
      await asMe("POST", "/messaging", { token: subscription(n), channel: "web" })
    await asMe("POST", "/messaging", { token: "desktop-token", channel: "desktop" })
    const tokens = (await asMe("GET", "/messaging")).body.data.map((row: { token: string }) => row.token)
    expect(tokens).toHaveLength(MESSAGING_TOKENS_PER_CHANNEL + 1)
    expect(tokens).not.toContain(subscription(0))
    expect(tokens).toContain(subscription(MESSAGING_TOKENS_PER_CHANNEL))
    expect(tokens).toContain("desktop-token")
  })

  it("answers 401 without a session", async () => {
    const res = await apiAs(server.url, undefined)("POST", "/messaging", { token: subscription(1), channel: "web" })
    expect(res.status).toBe(401)
  })
})
