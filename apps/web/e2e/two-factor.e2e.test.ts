// Two-factor and the other account settings in the browser: set-up in settings › profile (QR code and key, a code
// this test computes per RFC 6238, backup codes shown once), sign-out, sign-in again through the code step (a wrong
// code refused in place), the step in the four languages with a backup code, change e-mail through the mailed link
// (loopback SMTP), and deleting the account, which signs out. Screens at both sizes, by keyboard, axe-clean.
// Run: node scripts/build-web.mjs && node scripts/build-server.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/two-factor.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { encode } from "uqr"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, readMail } from "../../server/test/support/mail-text.ts"
import { type SmtpStub, startSmtpStub } from "../../server/test/support/smtp-server.ts"
import { totp } from "../../server/test/support/totp.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"

const shotsDir = path.join(screenshotsRoot, "two-factor")
/** Password checks take a second or more on a busy machine; expect.poll's default second is too short. */
const ANSWER = { timeout: 10_000 }
const PASSWORD = "correct horse battery"

let server: AppServer
let smtp: SmtpStub
let browser: Browser
const pageErrors: string[] = []

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  return page
}

async function createAccount(name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`
  const res = await fetch(`${server.origin}/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  })
  expect(res.status).toBe(200)
  return email
}

/** E-mail and password on /login by keyboard. */
async function enterPassword(page: Page, email: string, lng = "en") {
  await page.goto(`${server.origin}/login?lng=${lng}`)
  await page.getByTestId("login-email").fill(email)
  await page.getByTestId("login-password").focus()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press("Enter")
}

async function signedInAt(page: Page, email: string, target: string) {
  await enterPassword(page, email)
  await page.waitForURL(/\/timeline\//)
  await page.goto(`${server.origin}${target}`)
}

const signInStatus = (email: string, password: string) =>
  fetch(`${server.origin}/better-auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status)

beforeAll(async () => {
  smtp = await startSmtpStub()
  server = await startAppServer({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Tidings <no-reply@tidings.test>",
    AUTH_RATE_LIMIT: "false",
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

describe("two-factor", () => {
  let email = ""
  let secret = ""
  let backupCodes: string[] = []

  it("is set up in settings › profile with the password, the QR code and a code from the app", async () => {
    email = await createAccount("guarded")
    const page = await newPage()
    await signedInAt(page, email, "/settings/profile")
    const section = page.getByTestId("two-factor-section")
    await section.waitFor()
    expect(await section.getAttribute("data-enabled")).toBe("false")
    expect(await shootBothSizes(page, shotsDir, "profile-en")).toEqual([])

    await page.getByTestId("two-factor-enable").click()
    expect(await page.getByTestId("two-factor-status").textContent()).toBe("Enter your current password.")
    await page.getByTestId("two-factor-password").focus()
    await page.keyboard.type("not my password")
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByTestId("two-factor-status").textContent(), ANSWER).not.toBe("")
    await page.getByTestId("two-factor-password").fill(PASSWORD)
    const enabled = page.waitForResponse((res) => new URL(res.url()).pathname === "/better-auth/two-factor/enable")
    await page.keyboard.press("Enter")
    const { totpURI } = (await (await enabled).json()) as { totpURI: string }
    await page.getByTestId("two-factor-setup").waitFor()
    expect(await page.getByRole("img", { name: "QR code for the authenticator app" }).isVisible()).toBe(true)
    secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "")
    expect(secret).toMatch(/^[A-Z2-7]+=*$/)
    expect(new URL(totpURI).searchParams.get("secret")).toBe(secret)
    // The QR code holds the server's otpauth URI, module for module (as an authenticator app would read it).
    const { data } = encode(totpURI, { ecc: "M", border: 2 })
    const dark = data.flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : []))).join("")
    expect(await page.getByTestId("qr-code").locator("path").getAttribute("d")).toBe(dark)
    expect(await shootBothSizes(page, shotsDir, "setup-en")).toEqual([])

    await page.getByTestId("two-factor-confirm-code").fill(totp(secret, Date.now(), 9))
    await page.keyboard.press("Enter")
    await expect
      .poll(() => page.getByTestId("two-factor-setup").textContent(), ANSWER)
      .toContain("Invalid two factor code")
    await page.getByTestId("two-factor-confirm-code").fill(totp(secret))
    await page.keyboard.press("Enter")
    await page.getByTestId("backup-codes").waitFor()
    backupCodes = await page.getByTestId("backup-code").allTextContents()
    expect(backupCodes).toHaveLength(10)
    await page.getByTestId("backup-codes-copy").click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join("\n"))
    expect(await shootBothSizes(page, shotsDir, "backup-codes-en")).toEqual([])
    await page.getByTestId("backup-codes-done").click()
    await expect.poll(() => section.getAttribute("data-enabled"), ANSWER).toBe("true")
    expect(await shootBothSizes(page, shotsDir, "enabled-en")).toEqual([])

    // Signing out from the reader's menu.
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await page.getByTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.waitForURL(/\/login/)
    await page.context().close()
  })

  it("asks for the code after the password, refuses a wrong one in place, and signs in with the TOTP", async () => {
    const page = await newPage()
    await enterPassword(page, email)
    const form = page.getByTestId("two-factor-form")
    await form.waitFor()
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Two-factor authentication")
    expect(await shootBothSizes(page, shotsDir, "login-step-en")).toEqual([])
    // The code field has the focus: typing goes straight in.
    await page.keyboard.type(totp(secret, Date.now(), 9))
    await page.keyboard.press("Enter")
    const error = page.getByTestId("two-factor-error")
    await error.waitFor()
    expect(await error.textContent()).toBe("Invalid two factor code")
    expect(await shootBothSizes(page, shotsDir, "login-step-wrong-en")).toEqual([])
    expect(new URL(page.url()).pathname).toBe("/login")

    await page.getByTestId("two-factor-code").fill(totp(secret))
    await page.getByTestId("two-factor-trust").focus()
    await page.keyboard.press("Space")
    await page.getByTestId("two-factor-submit").focus()
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/timeline\//)
    await page.context().close()
  })

  const languages = [
    { lng: "zh-CN", title: "双重验证" },
    { lng: "zh-TW", title: "雙重驗證" },
    { lng: "ja", title: "2 段階認証" },
  ]
  for (const [index, { lng, title }] of languages.entries()) {
    it(`shows the code step in ${lng} and takes a backup code`, async () => {
      const page = await newPage()
      await enterPassword(page, email, lng)
      await page.getByTestId("two-factor-form").waitFor()
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title)
      await page.getByTestId("two-factor-use-backup").click()
      expect(await page.getByTestId("two-factor-form").getAttribute("data-factor")).toBe("backup")
      expect(await shootBothSizes(page, shotsDir, `login-step-${lng}`)).toEqual([])
      await page.getByTestId("two-factor-code").fill(backupCodes[index]!)
      await page.keyboard.press("Enter")
      await page.waitForURL(/\/timeline\//)
      await page.goto(`${server.origin}/settings/profile?lng=${lng}`)
      await page.getByTestId("two-factor-section").waitFor()
      await page.getByTestId("two-factor-section").scrollIntoViewIfNeeded()
      expect(await shootBothSizes(page, shotsDir, `profile-${lng}`)).toEqual([])
      await page.context().close()
    })
  }

  it("is turned off with the password", async () => {
    const page = await newPage()
    await enterPassword(page, email)
    await page.getByTestId("two-factor-form").waitFor()
    await page.keyboard.type(totp(secret))
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/timeline\//)
    await page.goto(`${server.origin}/settings/profile?lng=en`)
    await page.getByTestId("two-factor-password").fill(PASSWORD)
    await page.getByTestId("two-factor-disable").click()
    await expect.poll(() => page.getByTestId("two-factor-section").getAttribute("data-enabled"), ANSWER).toBe("false")
    expect(await signInStatus(email, PASSWORD)).toBe(200)
    await page.context().close()
  })
})

describe("account", () => {
  it("changes the e-mail address through the link mailed to the new one", async () => {
    const email = await createAccount("moving")
    const page = await newPage()
    await signedInAt(page, email, "/settings/profile")
    const newEmail = `moved-${Date.now()}@example.com`
    const seen = smtp.received.length
    await page.getByTestId("email-new").fill(newEmail)
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByTestId("email-status").textContent(), ANSWER).toContain(newEmail)
    await page.getByTestId("email-status").scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotsDir, "email-sent-en")).toEqual([])
    await smtp.waitFor(seen + 1)
    const mail = readMail(smtp.received.slice(seen).find((m) => m.to.includes(newEmail))!)
    expect(mail.subject).toBe("Confirm your new e-mail address for Tidings")
    await page.goto(linkIn(mail.text))
    await page.goto(`${server.origin}/settings/profile`)
    await expect.poll(() => page.getByTestId("account-email-current").textContent(), ANSWER).toBe(newEmail)
    expect(await signInStatus(newEmail, PASSWORD)).toBe(200)
    await page.context().close()
  })

  it("lists the ways in, and deletes the account after the password, signing out", async () => {
    const email = await createAccount("leaving")
    const page = await newPage()
    await signedInAt(page, email, "/settings/profile")
    const linked = page.getByTestId("linked-account")
    await linked.first().waitFor()
    expect(await linked.getAttribute("data-provider")).toBe("credential")
    // The only way in offers no unlink.
    expect(await page.getByTestId("linked-unlink").count()).toBe(0)

    await page.getByTestId("delete-account-start").focus()
    await page.keyboard.press("Enter")
    await page.getByTestId("delete-account-form").waitFor()
    // The password field took the focus.
    await page.keyboard.type("wrong password!")
    await page.keyboard.press("Enter")
    await expect.poll(() => page.getByTestId("delete-account-status").textContent(), ANSWER).not.toBe("")
    await page.getByTestId("delete-account-status").scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotsDir, "delete-confirm-en")).toEqual([])
    expect(await signInStatus(email, PASSWORD)).toBe(200)

    await page.getByTestId("delete-account-password").fill(PASSWORD)
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/login/)
    await page.getByTestId("login-form").waitFor()
    expect(await signInStatus(email, PASSWORD)).toBe(401)
    await page.context().close()
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
