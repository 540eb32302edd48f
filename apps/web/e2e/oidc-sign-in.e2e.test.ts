// Sign-in with a generic OpenID Connect provider in a real Chromium: the login page offers "Continue with Company SSO"
// (the server read the issuer's discovery document at start), the browser goes to the provider (a loopback stand-in
// that consents at once), comes back signed in, and Settings › profile lists the provider among linked accounts.
import { createHash, randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, readMail } from "../../server/test/support/mail-text.ts"
import { type SmtpStub, startSmtpStub } from "../../server/test/support/smtp-server.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"

const shotsDir = path.join(screenshotsRoot, "oidc")
const CLIENT_ID = "tidings-e2e"
const CLIENT_SECRET = "oidc-e2e-secret"

let smtp: SmtpStub
let provider: http.Server
let issuer = ""
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []

function startProvider(): Promise<void> {
  const codes = new Map<string, { challenge: string; redirect: string }>()
  const tokens = new Set<string>()
  provider = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", issuer)
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))
      if (url.pathname === "/.well-known/openid-configuration")
        return json(200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
        })
      if (url.pathname === "/authorize") {
        const code = randomBytes(8).toString("hex")
        codes.set(code, {
          challenge: url.searchParams.get("code_challenge")!,
          redirect: url.searchParams.get("redirect_uri")!,
        })
        const back = new URL(url.searchParams.get("redirect_uri")!)
        back.searchParams.set("code", code)
        back.searchParams.set("state", url.searchParams.get("state")!)
        return res.writeHead(302, { location: back.href }).end()
      }
      if (url.pathname === "/token") {
        const basic = Buffer.from((req.headers.authorization ?? "").slice(6), "base64").toString()
        const form = new URLSearchParams(Buffer.concat(chunks).toString())
        const grant = codes.get(form.get("code") ?? "")
        const verifier = createHash("sha256")
          .update(form.get("code_verifier") ?? "")
          .digest("base64url")
        if (basic !== `${CLIENT_ID}:${CLIENT_SECRET}` || !grant || grant.challenge !== verifier)
          return json(400, { error: "invalid_grant" })
        const token = randomBytes(12).toString("hex")
        tokens.add(token)
        return json(200, { access_token: token, token_type: "Bearer", expires_in: 300 })
      }
      if (url.pathname === "/userinfo") {
        if (!tokens.has((req.headers.authorization ?? "").slice(7))) return json(401, { error: "invalid_token" })
        return json(200, { sub: "e2e-subject", email: "sso-user@example.test", email_verified: true, name: "Sam Sso" })
      }
      json(404, {})
    })
  })
  return new Promise((resolve) =>
    provider.listen(0, "127.0.0.1", () => {
      issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`
      resolve()
    }),
  )
}

beforeAll(async () => {
  await startProvider()
  smtp = await startSmtpStub()
  server = await startAppServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Tidings <no-reply@tidings.test>",
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: "Company SSO",
  })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()))
})

describe("OpenID Connect sign-in", () => {
  it("signs in through the provider from the login page and lists it among linked accounts", async () => {
    await page.goto(`${server.origin}/login`)
    const button = page.getByTestId("social-oidc")
    await button.waitFor()
    expect(await button.textContent()).toContain("Company SSO")
    expect(await shootBothSizes(page, shotsDir, "login")).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    await button.click()
    await page.waitForURL(/\/timeline\//, { timeout: 20_000 })
    const me = await page.evaluate(async () => (await (await fetch("/better-auth/get-session")).json()).user)
    expect(me).toMatchObject({ email: "sso-user@example.test", name: "Sam Sso" })

    await page.goto(`${server.origin}/settings/profile`)
    const linked = page.locator('[data-testid="linked-account"][data-provider="oidc"]')
    await linked.waitFor()
    expect(await linked.textContent()).toContain("Company SSO")
    await linked.scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotsDir, "linked-accounts")).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it("offers an account with no password a mailed link to set one; the address and that password then sign in", async () => {
    await page.goto(`${server.origin}/settings/profile`)
    const none = page.getByTestId("password-none")
    await none.waitFor()
    expect(await page.getByTestId("password-current").count()).toBe(0)
    expect(await page.getByTestId("two-factor-needs-password").textContent()).toContain("Set a password above")
    await none.scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotsDir, "password-none")).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })

    const seen = smtp.received.length
    await page.getByTestId("password-set-link").click()
    await expect
      .poll(() => page.getByTestId("password-set-status").textContent())
      .toBe("A link to set your password is on its way to sso-user@example.test.")
    await smtp.waitFor(seen + 1)
    await page.goto(linkIn(readMail(smtp.received[seen]!).text))
    const password = "a password of my own"
    await page.getByTestId("reset-password").fill(password)
    await page.getByTestId("reset-repeat").fill(password)
    await page.getByTestId("reset-submit").click()
    await page.getByTestId("reset-done").waitFor()
    const signIn = await fetch(`${server.origin}/better-auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin },
      body: JSON.stringify({ email: "sso-user@example.test", password }),
    })
    expect(signIn.status).toBe(200)
    expect(pageErrors).toEqual([])
  })
})
