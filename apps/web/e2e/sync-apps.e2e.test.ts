// Settings › sync apps: the server addresses, an app password created by keyboard (shown once) that a Google Reader
// client then signs in with, its "last used" in the list, and revoking it after the confirmation; both widths, axe.
// Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/sync-apps.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp } from "./support/shell-kit.ts"

const shotsDir = process.env.SYNC_APPS_SHOTS ?? path.join(screenshotsRoot, "sync-apps")

let server: AppServer
let browser: Browser
let page: Page
const email = `sync-${Date.now()}@example.com`
const pageErrors: string[] = []

beforeAll(async () => {
  server = await startAppServer()
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, email)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const clientLogin = (password: string) =>
  fetch(`${server.origin}/api/greader.php/accounts/ClientLogin`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ Email: email, Passwd: password }).toString(),
  })

describe("sync apps", () => {
  it("shows the addresses, creates a password once, and revokes it after confirming", async () => {
    await page.goto(`${server.origin}/settings/sync-apps`)
    await page.getByTestId("app-password-empty").waitFor()
    expect(await page.getByTestId("sync-server-greader").textContent()).toContain(`${server.origin}/api/greader.php`)
    expect(await page.getByTestId("sync-server-fever").textContent()).toContain(`${server.origin}/fever/`)
    await expect.poll(() => page.getByTestId("sync-username").textContent()).toBe(email)
    expect(await shootBothSizes(page, shotsDir, "sync-apps-empty")).toEqual([])

    // By keyboard: type a name, Enter submits.
    await page.getByTestId("app-password-name").focus()
    await page.keyboard.type("Reeder on iPhone")
    await page.keyboard.press("Enter")
    const created = page.getByTestId("app-password-created")
    await created.waitFor()
    const password = ((await created.locator("code").textContent()) ?? "").trim()
    expect(password).toMatch(/^([a-z2-9]{5}-){3}[a-z2-9]{5}$/)
    await expect.poll(() => page.getByTestId("app-password-row").textContent()).toContain("never used")
    expect(await shootBothSizes(page, shotsDir, "sync-apps-created")).toEqual([])

    // A Google Reader client signs in with it; the list then says when it was used.
    const login = await clientLogin(password)
    expect(login.status).toBe(200)
    expect(await login.text()).toMatch(/^SID=\S+\nLSID=null\nAuth=\S+\n$/)
    await page.getByTestId("app-password-done").click()
    await expect.poll(() => created.count()).toBe(0)
    await page.reload()
    await page.getByTestId("app-password-row").waitFor()
    // The page may first show the list it had (the query cache persists), then the server's.
    await expect.poll(() => page.getByTestId("app-password-row").textContent()).toContain("last used")
    await expect.poll(() => page.getByText(password).count()).toBe(0)

    // Revoke: the button by keyboard, the confirmation, then the password no longer signs in.
    await page.getByRole("button", { name: "Revoke “Reeder on iPhone”" }).focus()
    await page.keyboard.press("Enter")
    const dialog = page.getByRole("dialog")
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain("stop syncing")
    expect(await shootBothSizes(page, shotsDir, "sync-apps-revoke-confirm")).toEqual([])
    await page.getByTestId("confirm-dialog-confirm").focus()
    await page.keyboard.press("Enter")
    await page.getByTestId("app-password-empty").waitFor()
    expect((await clientLogin(password)).status).toBe(401)

    // The other languages have the page's words.
    for (const [lng, title] of [
      ["ja", "同期アプリ"],
      ["zh-CN", "同步应用"],
      ["zh-TW", "同步應用程式"],
    ] as const) {
      await page.goto(`${server.origin}/settings/sync-apps?lng=${lng}`)
      await page.getByTestId("app-password-empty").waitFor()
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(title)
    }
    expect(await shootBothSizes(page, shotsDir, "sync-apps-zh-TW")).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
