// Feed claims and the admin screen in a real browser: claim a feed from its sidebar menu (the token published in
// the feed's description, the server re-fetches it from a loopback feed) and see it under settings › feeds; an admin
// toggles a feature flag, mints POWER and cleans old entries, while an ordinary user has no way in. Screenshots at
// 1280 and 390 px with axe checks.
// Run: cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/admin-claim.e2e.test.ts
import { mkdirSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = process.env.ADMIN_CLAIM_SHOTS_DIR ?? path.join(screenshotsRoot, "admin-claim")
const adminEmail = `admin-${Date.now()}@example.com`

let server: AppServer
let browser: Browser
let page: Page
let feeds: Server
let feedOrigin = ""
let feedId = ""
/** What the loopback feed's channel description says; the test puts the claim token there. */
let description = "Notes from a small site"
const pageErrors: string[] = []

const byTestId = (id: string) => page.getByTestId(id)

function feedXml() {
  const now = new Date().toUTCString()
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Claimable Notes</title><link>${feedOrigin}/</link>
<description>${description}</description>
<item><guid>note-1</guid><title>First note</title><link>${feedOrigin}/posts/1</link><pubDate>${now}</pubDate>
<description>Hello</description></item>
</channel></rss>`
}

beforeAll(async () => {
  feeds = createServer((req, res) => {
    if (req.url?.startsWith("/claim.xml")) {
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(feedXml())
    } else res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Site</title>")
  })
  await new Promise<void>((resolve) => feeds.listen(0, "127.0.0.1", resolve))
  feedOrigin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
  ;[server, browser] = await Promise.all([startAppServer({ ADMIN_EMAILS: adminEmail }), launchBrowser()])
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, adminEmail)
  feedId = await subscribe(page, `${feedOrigin}/claim.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise<void>((resolve) => (feeds ? feeds.close(() => resolve()) : resolve()))
})

describe("feed claims", () => {
  it("claims a feed from its menu by publishing the token in its description", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    let dialog = await openClaim()
    expect(await dialog.getByTestId("feed-claim-entry").textContent()).toContain("tidings-claim-")
    expect(await dialog.getByTestId("feed-claim-meta").textContent()).toContain('<meta name="tidings-claim"')
    const token = ((await dialog.getByTestId("feed-claim-description").locator("code").textContent()) ?? "").trim()
    expect(token).toMatch(/^tidings-claim-[0-9a-f]{40}$/)
    expect(await shootDialog("claim-dialog-1280")).toEqual([])

    // Not published yet: the server says the check failed, and nothing is claimed.
    await dialog.getByTestId("feed-claim-verify").click()
    await expect.poll(() => dialog.getByTestId("feed-claim-error").textContent()).toBe("Ownership challenge failed")
    await page.keyboard.press("Escape")

    await page.setViewportSize({ width: 390, height: 844 })
    await byTestId("open-drawer").click()
    dialog = await openClaim()
    expect(await shootDialog("claim-dialog-390")).toEqual([])
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.waitForTimeout(300)
    await page.keyboard.press("Escape")

    description = `Notes from a small site. ${token}`
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    dialog = await openClaim()
    // By keyboard: the verify button takes focus and Enter presses it.
    await dialog.getByTestId("feed-claim-verify").focus()
    await page.keyboard.press("Enter")
    await page.locator("[data-sonner-toast]", { hasText: "Claimable Notes is now yours" }).waitFor()

    await page.goto(`${server.origin}/settings/feeds`)
    const claimed = byTestId("claimed-feed")
    await claimed.first().waitFor()
    expect(await claimed.count()).toBe(1)
    expect(await claimed.textContent()).toContain("Claimable Notes")
    expect(await claimed.textContent()).toContain("1 subscriber")
    await claimed.scrollIntoViewIfNeeded()
    expect(await shootBothSizes(page, shotsDir, "settings-feeds-claimed")).toEqual([])

    // A second try says the feed is taken.
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    dialog = await openFeedDialog("Claim this feed…", "feed-claim-owned")
    expect(await dialog.getByTestId("feed-claim-owned").textContent()).toBe("This feed has already been claimed.")
    await page.keyboard.press("Escape")
  })
})

describe("admin", () => {
  it("reaches the admin screen from the user menu and toggles a feature flag", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "Administration" }).click()
    await page.waitForURL(/\/admin$/)
    const row = byTestId("admin-flag-ai_chat")
    await row.waitFor()
    const toggle = row.getByRole("switch", { name: "ai_chat" })
    expect(await toggle.getAttribute("aria-checked")).toBe("true")
    await expect.poll(() => row.textContent()).toMatch(/on for \d+ of \d+ users, 0 overrides/)
    await toggle.click()
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false")
    // The change is the server's: a reload shows it, and the admin's own session carries it.
    await page.reload()
    await expect
      .poll(() => byTestId("admin-flag-ai_chat").getByRole("switch").getAttribute("aria-checked"))
      .toBe("false")
    const flags = await page.evaluate(async () => (await (await fetch("/better-auth/get-session")).json()).featureFlags)
    expect(flags.ai_chat).toBe(false)

    // A per-user override forces it back on for the admin alone.
    await byTestId("admin-override-user").fill(adminEmail)
    await byTestId("admin-override-save").click()
    await page.locator("[data-sonner-toast]", { hasText: `ai_chat overridden for ${adminEmail}` }).waitFor()
    await expect.poll(() => byTestId("admin-flag-ai_chat").textContent()).toContain("1 override")
    // Back on for everyone, as it was.
    await byTestId("admin-flag-ai_chat").getByRole("switch").click()
    await expect
      .poll(() => byTestId("admin-flag-ai_chat").getByRole("switch").getAttribute("aria-checked"))
      .toBe("true")
  })

  it("mints POWER into a wallet, which the wallet page then shows", async () => {
    await byTestId("admin-mint-user").fill(adminEmail)
    await byTestId("admin-mint-amount").fill("15")
    await byTestId("admin-mint-run").click()
    await expect
      .poll(() => byTestId("admin-mint-result").textContent())
      .toMatch(/^Minted\. Transaction 0x[0-9a-f]{64}$/)
    // An unknown user is refused in the catalogue's words.
    await byTestId("admin-mint-user").fill("nobody@example.com")
    await byTestId("admin-mint-amount").fill("5")
    await byTestId("admin-mint-run").click()
    await expect.poll(() => byTestId("admin-mint-error").textContent()).toBe("User not found")
  })

  it("cleans old entries after a confirmation and says how many went; shows the kept mails", async () => {
    await byTestId("admin-clean-days").fill("30")
    await byTestId("admin-clean-run").click()
    await page.getByRole("dialog").getByText("Remove every entry older than 30 days?").waitFor()
    await byTestId("confirm-dialog-confirm").click()
    await expect.poll(() => byTestId("admin-clean-result").textContent()).toBe("Removed 0 entries.")
    // A password reset mailed while SMTP is off shows up, its link included, after a refresh.
    const reset = await page.evaluate(async (email) => {
      const res = await fetch("/better-auth/forget-password", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email }),
      })
      return res.status
    }, adminEmail)
    expect(reset).toBe(200)
    await byTestId("admin-mails-section-refresh").click()
    const mail = byTestId("admin-mail").first()
    await mail.waitFor()
    expect(await mail.textContent()).toContain(`To ${adminEmail}`)
    expect(await mail.textContent()).toMatch(/http:\/\/127\.0\.0\.1:\d+\/\S*reset/)
    // Toasts gone, so the screenshots show the page itself.
    await page
      .locator("[data-sonner-toast]")
      .first()
      .waitFor({ state: "detached", timeout: 15_000 })
      .catch(() => {})
    expect(await shootBothSizes(page, shotsDir, "admin")).toEqual([])
    await page.goto(`${server.origin}/power`)
    await expect.poll(() => byTestId("power-balance-total").textContent()).toBe("15 POWER")
  })

  it("gives an ordinary user no way in", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const other = await context.newPage()
    await signUp(other, server.origin, `reader-${Date.now()}@example.com`)
    await other.getByTestId("user-menu").click()
    await other.getByRole("menuitem", { name: "Sign out" }).waitFor()
    expect(await other.getByRole("menuitem", { name: "Administration" }).count()).toBe(0)
    await other.keyboard.press("Escape")
    await other.goto(`${server.origin}/admin`)
    expect(await other.getByTestId("admin-forbidden").textContent()).toBe("Only administrators can use this page.")
    const status = await other.evaluate(async () => (await fetch("/admin/feature-flags")).status)
    expect(status).toBe(403)
    await context.close()
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})

async function openFeedDialog(item: string, ready: string) {
  await page.locator(`[data-testid="feed-item"][data-id="${feedId}"]`).last().click({ button: "right" })
  await page.getByRole("menuitem", { name: item }).click()
  const dialog = page.locator("dialog[open]").last()
  await dialog.getByTestId(ready).waitFor()
  return dialog
}

const openClaim = () => openFeedDialog("Claim this feed…", "feed-claim-verify")

/** The open dialog as it stands, at the current width, with its serious axe problems. */
async function shootDialog(name: string, on: Page = page): Promise<string[]> {
  mkdirSync(shotsDir, { recursive: true })
  await on.waitForTimeout(300)
  await on.screenshot({ path: path.join(shotsDir, `${name}.png`) })
  return (await seriousViolations(on)).map((v) => `${name} ${v.id}: ${v.targets.join(", ")}`)
}

describe("tipping a claimed feed", () => {
  it("a reader claims their daily POWER, tips the feed and boosts it; the tip reaches the feed's owner", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
    const reader = await context.newPage()
    reader.on("pageerror", (error) => pageErrors.push(error.message))
    try {
      await signUp(reader, server.origin, `reader-${Date.now()}@example.com`)
      // A name of the reader's own, so the owner named below cannot be the reader.
      const renamed = await reader.evaluate(async () => {
        const res = await fetch("/better-auth/update-user", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Rita Reader" }),
        })
        return res.status
      })
      expect(renamed).toBe(200)
      await subscribe(reader, `${feedOrigin}/claim.xml`)
      // The feed's timeline names who claimed it, and that leads to their public page.
      await reader.goto(`${server.origin}/timeline/view-0/${feedId}/pending`)
      const owner = reader.getByTestId("feed-owner")
      await expect.poll(() => owner.textContent()).toMatch(/Claimed by Kim Keys$/)
      expect(await shootBothSizes(reader, shotsDir, "claimed-feed-owner")).toEqual([])
      await owner.click()
      await expect.poll(() => reader.getByTestId("profile-name").textContent()).toBe("Kim Keys")
      expect(reader.url()).toMatch(/\/profile\//)
      await reader.goto(`${server.origin}/power`)
      await reader.getByTestId("power-create-button").click()
      const claim = reader.getByTestId("power-claim-button")
      await claim.waitFor()
      await claim.focus()
      await reader.keyboard.press("Enter")
      await expect.poll(() => reader.getByTestId("power-balance-total").textContent()).toBe("20 POWER")

      await reader.goto(`${server.origin}/timeline/view-0/all/pending`)
      const openTip = async () => {
        await reader.locator(`[data-testid="feed-item"][data-id="${feedId}"]`).last().click({ button: "right" })
        await reader.getByRole("menuitem", { name: "Tip with POWER…" }).click()
        const tip = reader.locator("dialog[open]").last()
        await tip.getByTestId("tip-balance").waitFor()
        // A claimed feed's tip goes to its owner, and the dialog names them.
        await expect.poll(() => tip.textContent()).toContain("Kim Keys claimed this feed: the tip goes to them.")
        return tip
      }
      // At the phone's width first (the sidebar is a drawer there), then back at the desktop's.
      await reader.setViewportSize({ width: 390, height: 844 })
      await reader.getByTestId("open-drawer").click()
      await openTip()
      expect(await shootDialog("tip-claimed-dialog-390", reader)).toEqual([])
      await reader.keyboard.press("Escape")
      await reader.setViewportSize({ width: 1280, height: 800 })
      await reader.reload()
      const dialog = await openTip()
      expect(await shootDialog("tip-claimed-dialog-1280", reader)).toEqual([])
      await dialog.getByTestId("tip-amount").fill("5")
      await dialog.getByTestId("tip-amount").press("Enter")
      await reader.locator("[data-sonner-toast]", { hasText: "Sent 5 POWER to Claimable Notes" }).waitFor()
      await expect.poll(() => reader.locator("dialog[open]").count()).toBe(0)

      // Then boosts it: 10 of the 15 POWER left, and the claimed feed's level rises.
      const openBoost = async () => {
        await reader.locator(`[data-testid="feed-item"][data-id="${feedId}"]`).last().click({ button: "right" })
        await reader.getByRole("menuitem", { name: "Boost…" }).click()
        const boost = reader.locator("dialog[open]").last()
        await boost.getByTestId("boost-level").waitFor()
        return boost
      }
      const boost = await openBoost()
      expect(await boost.getByText("Costs 10 POWER; you have 15.").isVisible()).toBe(true)
      expect(await shootDialog("boost-claimed-dialog-1280", reader)).toEqual([])
      await boost.getByTestId("boost-count").press("Enter")
      await reader.locator("[data-sonner-toast]", { hasText: "Boosted Claimable Notes (1)" }).waitFor()
      await expect.poll(() => reader.locator("dialog[open]").count()).toBe(0)
      const again = await openBoost()
      await expect
        .poll(() => again.getByTestId("boost-level").textContent())
        .toBe("Level 1 · active boosts: 1. Boosts still needed for the next level: 2.")
      await reader.keyboard.press("Escape")
      await reader.goto(`${server.origin}/power`)
      await expect.poll(() => reader.getByTestId("power-balance-total").textContent()).toBe("5 POWER")
    } finally {
      await context.close()
    }

    // The owner (who claimed it above, and was minted 15 POWER by the admin test) has the tip in their wallet.
    await page.goto(`${server.origin}/power`)
    await expect.poll(() => byTestId("power-balance-total").textContent()).toBe("20 POWER")
  })
})
