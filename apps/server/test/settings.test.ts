// Synced settings through the official client: merge rules, the ui alias, the 7001-7003 errors, and isolation.
import { FollowAPIError } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs as sdkAsUser, signUp, type TestUser } from "./support/users.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

function sdkAs(user: TestUser) {
  return sdkAsUser(server.url, user)
}

async function newUser() {
  const user = await signUp(server.url)
  return { user, api: sdkAs(user), http: apiAs(server.url, user) }
}

describe("settings", () => {
  it("starts empty, then answers only the stored tabs with their update times", async () => {
    const { api } = await newUser()
    expect(await api.settings.get()).toEqual({ code: 0, settings: {}, updated: {} })

    const before = Date.now()
    expect(await api.settings.update({ tab: "general", unreadOnly: false, voice: "en-US-Ava" })).toEqual({ code: 0 })
    const got = await api.settings.get()
    expect(got.settings).toEqual({ general: { unreadOnly: false, voice: "en-US-Ava" } })
    expect(Object.keys(got.updated)).toEqual(["general"])
    expect(new Date(got.updated.general).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(got.updated.general).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
  })

  it("merges a patch: new keys added, given keys replaced, null removes a key, others kept", async () => {
    const { api } = await newUser()
    await api.settings.update({ tab: "general", unreadOnly: false, dimRead: true, futureKey: { a: 1 } })
    const first = (await api.settings.get()).updated.general
    await new Promise((r) => setTimeout(r, 5))
    await api.settings.update({ tab: "general", unreadOnly: true, dimRead: null, groupByDate: false })
    const got = await api.settings.get({ tab: "general" })
    expect(got.settings.general).toEqual({ unreadOnly: true, futureKey: { a: 1 }, groupByDate: false })
    expect(new Date(got.updated.general).getTime()).toBeGreaterThan(new Date(first).getTime())
  })

  it("accepts ui as the appearance tab, and filters GET by a comma-separated tab list", async () => {
    const { api, http } = await newUser()
    expect((await http("PATCH", "/settings/ui", { uiTextSize: 18, accentColor: "blue" })).body).toEqual({ code: 0 })
    await api.settings.update({ tab: "ai", panelStyle: "floating", shortcuts: [{ name: "tl;dr", prompt: "sum" }] })
    await api.settings.update({ tab: "integration", useBrowserFetch: false })

    const all = await api.settings.get()
    expect(Object.keys(all.settings).sort()).toEqual(["ai", "appearance", "integration"])
    expect(all.settings.appearance).toEqual({ uiTextSize: 18, accentColor: "blue" })
    const some = await api.settings.get({ tab: "ui,ai" })
    expect(Object.keys(some.settings).sort()).toEqual(["ai", "appearance"])
    expect(Object.keys(some.updated).sort()).toEqual(["ai", "appearance"])
    expect((await api.settings.get({ tab: "general" })).settings).toEqual({})
  })

  it("keeps both of two concurrent patches to one tab", async () => {
    const { api } = await newUser()
    const keys = Array.from({ length: 8 }, (_, i) => `key${i}`)
    await Promise.all(keys.map((k) => api.settings.update({ tab: "ai", [k]: k })))
    const got = await api.settings.get({ tab: "ai" })
    expect(got.settings.ai).toEqual(Object.fromEntries(keys.map((k) => [k, k])))
  })
})

describe("settings errors", () => {
  it("7001 for an unknown tab, in the path or the query (HTTP 400), through the SDK too", async () => {
    const { api, http } = await newUser()
    const patch = await http("PATCH", "/settings/nope", { unreadOnly: true })
    expect([patch.status, patch.body.code]).toEqual([400, 7001])
    const get = await http("GET", "/settings?tab=general,nope")
    expect([get.status, get.body.code]).toEqual([400, 7001])
    const sdk = await api.settings.update({ tab: "wallet" as "ai", x: 1 }).catch((e: unknown) => e)
    expect(sdk).toBeInstanceOf(FollowAPIError)
    expect([(sdk as FollowAPIError).status, (sdk as FollowAPIError).code]).toEqual([400, "7001"])
    expect((await api.settings.get()).settings).toEqual({})
  })

  it("7002 for a body that is not a JSON object or a known key of the wrong type (HTTP 400); nothing changes", async () => {
    const { api, http } = await newUser()
    await api.settings.update({ tab: "general", unreadOnly: true })
    await api.settings.update({ tab: "appearance", uiTextSize: 16 })
    const before = await api.settings.get()
    const bad: [string, unknown][] = [
      ["general", "[1,2]"],
      ["general", "not json"],
      ["general", '"text"'],
      ["general", "null"],
      ["general", { unreadOnly: "yes" }],
      ["general", { unreadOnly: false, language: 12 }],
      ["appearance", { uiTextSize: "16" }],
      ["ui", { contentLineHeight: true }],
      ["appearance", { toolbarOrder: ["read"] }],
      ["ai", { shortcuts: "none" }],
      ["integration", { useBrowserFetch: 1 }],
    ]
    for (const [tab, body] of bad) {
      const res = await http("PATCH", `/settings/${tab}`, body)
      expect({ tab, body, status: res.status, code: res.body.code }).toEqual({ tab, body, status: 400, code: 7002 })
      expect(res.body.reason).toBeTypeOf("string")
    }
    expect(await api.settings.get()).toEqual(before)
  })

  it("7003 (HTTP 413) for a body over 64 KiB, or a patch that would grow the tab past it; nothing changes", async () => {
    const { api, http } = await newUser()
    const big = await http("PATCH", "/settings/appearance", { customCSS: "x".repeat(70 * 1024) })
    expect([big.status, big.body.code]).toEqual([413, 7003])
    expect((await api.settings.get()).settings).toEqual({})

    await api.settings.update({ tab: "appearance", customCSS: "a".repeat(40 * 1024) })
    const before = await api.settings.get()
    const grow = await http("PATCH", "/settings/appearance", { extraCSS: "b".repeat(40 * 1024) })
    expect([grow.status, grow.body.code]).toEqual([413, 7003])
    expect(await api.settings.get()).toEqual(before)
    // Replacing the large key with a small one fits again.
    await api.settings.update({ tab: "appearance", customCSS: "body{}", extraCSS: "b".repeat(40 * 1024) })
    expect((await api.settings.get()).settings.appearance?.customCSS).toBe("body{}")
  })

  it("needs a session (401)", async () => {
    const anonymous = apiAs(server.url, undefined)
    expect((await anonymous("GET", "/settings")).status).toBe(401)
    expect((await anonymous("PATCH", "/settings/general", { unreadOnly: true })).status).toBe(401)
  })
})

describe("settings of another user", () => {
  it("are neither visible nor changed by a second user's calls", async () => {
    const alice = await newUser()
    const bob = await newUser()
    await alice.api.settings.update({ tab: "general", unreadOnly: false, language: "ja" })
    const before = await alice.api.settings.get()

    expect(await bob.api.settings.get()).toEqual({ code: 0, settings: {}, updated: {} })
    await bob.api.settings.update({ tab: "general", language: null, unreadOnly: true })
    await bob.http("PATCH", `/settings/general?userId=${alice.user.id}`, { dimRead: true })

    expect(await alice.api.settings.get()).toEqual(before)
    expect((await bob.api.settings.get()).settings).toEqual({ general: { unreadOnly: true, dimRead: true } })
  })
})
