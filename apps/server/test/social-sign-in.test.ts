// Social sign-in: GitHub and Google are offered only when their client id and secret are configured, the providers
// call lists exactly those, and signing in with one answers the provider's authorization URL to navigate to.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"

let configured: TestServer
let bare: TestServer

beforeAll(async () => {
  configured = await startTestServer({
    GITHUB_CLIENT_ID: "gh-client-id",
    GITHUB_CLIENT_SECRET: "gh-client-secret",
    // Google without its secret stays off.
    GOOGLE_CLIENT_ID: "google-client-id",
    ISSUE_TRACKER_URL: "https://issues.example.test/new",
    ANALYTICS_URL: "http://127.0.0.1:9/collect",
  })
  bare = await startTestServer()
})
afterAll(async () => {
  await configured?.close()
  await bare?.close()
})

const socialSignIn = (server: TestServer, provider: string) =>
  fetch(`${server.url}/better-auth/sign-in/social`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ provider, callbackURL: "/timeline" }),
  })

describe("social providers", () => {
  it("lists the configured providers without their secrets", async () => {
    const res = await fetch(`${configured.url}/better-auth/get-providers`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ github: { id: "github", name: "GitHub" } })
    expect(await (await fetch(`${bare.url}/better-auth/get-providers`)).json()).toEqual({})
  })

  it("answers a configured provider's sign-in with its authorization URL and a redirect flag", async () => {
    const res = await socialSignIn(configured, "github")
    expect(res.status).toBe(200)
    const body = (await res.json()) as { url: string; redirect: boolean }
    expect(body.redirect).toBe(true)
    const url = new URL(body.url)
    expect(`${url.origin}${url.pathname}`).toBe("https://github.com/login/oauth/authorize")
    expect(url.searchParams.get("client_id")).toBe("gh-client-id")
    expect(url.searchParams.get("redirect_uri")).toBe(`${configured.url}/better-auth/callback/github`)
  })

  it("refuses a provider that is not configured", async () => {
    expect((await socialSignIn(configured, "google")).status).toBeGreaterThanOrEqual(400)
    expect((await socialSignIn(bare, "github")).status).toBeGreaterThanOrEqual(400)
  })

  it("exposes the issue tracker, the analytics endpoint and the guide switch in /status/configs", async () => {
    const data = async (server: TestServer) =>
      ((await (await fetch(`${server.url}/status/configs`)).json()) as { data: Record<string, unknown> }).data
    expect(await data(configured)).toMatchObject({
      ISSUE_TRACKER_URL: "https://issues.example.test/new",
      ANALYTICS_URL: "http://127.0.0.1:9/collect",
      NEW_USER_GUIDE: true,
    })
    expect(await data(bare)).toMatchObject({ ISSUE_TRACKER_URL: "", ANALYTICS_URL: "", NEW_USER_GUIDE: true })
  })
})
