// Password reset in the browser, with the mail through a loopback SMTP server this test starts: "Forgot password?"
// on /login, the request form, the mailed link, the reset page's checks, the new password signing in, the old one
// and the spent link refused; the screens in the four languages (the mail too), at both sizes, by keyboard, axe-clean.
// Run: node scripts/build-web.mjs && node scripts/build-server.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/password-reset.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, readMail } from "../../server/test/support/mail-text.ts"
import { type SmtpStub, startSmtpStub } from "../../server/test/support/smtp-server.ts"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"

const shotsDir = path.join(screenshotsRoot, "password-reset")
const OLD_PASSWORD = "correct horse battery"
const NEW_PASSWORD = "a brand new passphrase"

let server: AppServer
let smtp: SmtpStub
let browser: Browser
const pageErrors: string[] = []

async function newPage(query = ""): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  if (query) await page.goto(`${server.origin}/login${query}`)
  return page
}

async function createAccount(name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`
  const res = await fetch(`${server.origin}/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email, password: OLD_PASSWORD, name }),
  })
  expect(res.status).toBe(200)
  return email
}

const signInStatus = (email: string, password: string) =>
  fetch(`${server.origin}/better-auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.origin },
    body: JSON.stringify({ email, password }),
  }).then((res) => res.status)

/** Asks for a reset on /forgot-password by keyboard and returns the mail that arrives. */
async function askForReset(page: Page, email: string) {
  const seen = smtp.received.length
  await page.getByTestId("forgot-email").focus()
  await page.keyboard.type(email)
  await page.keyboard.press("Enter")
  await page.getByTestId("forgot-sent").waitFor()
  await smtp.waitFor(seen + 1)
  return readMail(smtp.received[seen]!)
}

beforeAll(async () => {
  smtp = await startSmtpStub()
  // Four accounts and their reset requests within seconds from one address: the per-address limit (tested on the
  // server) would refuse the later ones.
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

describe("password reset", () => {
  let email = ""
  let link = ""
  let page: Page

  it("starts from 'Forgot password?' on /login and mails a link", async () => {
    email = await createAccount("forgetful")
    page = await newPage("?lng=en")
    await page.getByTestId("login-form").waitFor()
    const forgot = page.getByTestId("login-forgot")
    expect(await forgot.textContent()).toBe("Forgot password?")
    expect(await shootBothSizes(page, shotsDir, "login-forgot-en")).toEqual([])
    await forgot.focus()
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/forgot-password$/)
    await page.getByTestId("forgot-form").waitFor()
    expect(await shootBothSizes(page, shotsDir, "forgot-en")).toEqual([])

    await page.getByTestId("forgot-submit").click()
    expect(await page.getByTestId("forgot-error").textContent()).toBe("Enter a valid e-mail address.")

    const mail = await askForReset(page, email)
    expect(mail.subject).toBe("Reset your Tidings password")
    link = linkIn(mail.text)
    expect(link).toMatch(new RegExp(`^${server.origin}/reset-password/[^/?]+$`))
    expect(await shootBothSizes(page, shotsDir, "forgot-sent-en")).toEqual([])
  })

  it("checks the new password on the reset page, then sets it; the old password and the link are spent", async () => {
    await page.goto(link)
    await page.getByTestId("reset-form").waitFor()
    await page.getByTestId("reset-password").fill("short")
    await page.getByTestId("reset-repeat").fill("short")
    await page.getByTestId("reset-submit").click()
    expect(await page.getByTestId("reset-error").textContent()).toContain("too short")
    await page.getByTestId("reset-password").fill(NEW_PASSWORD)
    await page.getByTestId("reset-repeat").fill(`${NEW_PASSWORD}!`)
    await page.getByTestId("reset-submit").click()
    expect(await page.getByTestId("reset-error").textContent()).toBe("The two passwords are not the same.")
    expect(await shootBothSizes(page, shotsDir, "reset-mismatch-en")).toEqual([])

    // By keyboard: the repeat field, fixed, and Enter.
    await page.getByTestId("reset-repeat").focus()
    await page.keyboard.press("End")
    await page.keyboard.press("Backspace")
    await page.keyboard.press("Enter")
    await page.getByTestId("reset-done").waitFor()
    expect(await shootBothSizes(page, shotsDir, "reset-done-en")).toEqual([])

    await page.getByTestId("reset-sign-in").click()
    await page.waitForURL(/\/login$/)
    await page.getByTestId("login-email").fill(email)
    await page.getByTestId("login-password").fill(NEW_PASSWORD)
    await page.getByTestId("login-submit").click()
    await page.waitForURL(/\/timeline\//)
    expect(await signInStatus(email, OLD_PASSWORD)).toBe(401)

    const again = await newPage()
    await again.goto(link)
    await again.getByTestId("reset-password").fill("another new passphrase")
    await again.getByTestId("reset-repeat").fill("another new passphrase")
    await again.getByTestId("reset-submit").click()
    const error = again.getByTestId("reset-error")
    await error.waitFor()
    expect(await error.textContent()).toContain("not valid any more")
    expect(await again.getByRole("link", { name: "Ask for a new link" }).isVisible()).toBe(true)
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200)
  })

  const languages = [
    { lng: "zh-CN", title: "重置密码", subject: "重置你的 Tidings 密码", reset: "设置新密码" },
    { lng: "zh-TW", title: "重設密碼", subject: "重設你的 Tidings 密碼", reset: "設定新密碼" },
    {
      lng: "ja",
      title: "パスワードの再設定",
      subject: "Tidings のパスワードの再設定",
      reset: "新しいパスワードを設定",
    },
  ]
  for (const { lng, title, subject, reset } of languages) {
    it(`reads and mails in ${lng}`, async () => {
      const address = await createAccount(`reader-${lng.toLowerCase()}`)
      const localized = await newPage(`?lng=${lng}`)
      await localized.getByTestId("login-forgot").click()
      await localized.getByTestId("forgot-form").waitFor()
      expect(await localized.getByRole("heading", { level: 1 }).textContent()).toBe(title)
      const mail = await askForReset(localized, address)
      expect(mail.subject).toBe(subject)
      expect(await shootBothSizes(localized, shotsDir, `forgot-sent-${lng}`)).toEqual([])
      await localized.goto(linkIn(mail.text))
      await localized.getByTestId("reset-form").waitFor()
      expect(await localized.getByRole("heading", { level: 1 }).textContent()).toBe(reset)
      expect(await shootBothSizes(localized, shotsDir, `reset-${lng}`)).toEqual([])
    })
  }

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
