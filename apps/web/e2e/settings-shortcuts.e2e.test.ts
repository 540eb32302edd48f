// Settings › shortcuts: rebinding a command's key in the browser, kept across a reload, synced to the user's other
// browsers through the general settings group, and used by the timeline.
// Needs the web build (scripts/build-web.mjs).
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { seriousViolations } from "./support/axe.ts"
import { launchBrowser } from "./support/browser.ts"
import { signUp } from "./support/shell-kit.ts"
import { shoot } from "./support/views-helpers.ts"

let server: AppServer
let browser: Browser
let page: Page

const row = (id: string) => page.getByTestId(`shortcut-${id}`)
const keysOf = async (id: string) => ((await row(id).getByTestId("shortcut-keys").textContent()) ?? "").trim()

beforeAll(async () => {
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await signUp(page, server.origin, `keys-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("settings › shortcuts", () => {
  it("lists the commands with their keys, readable at both sizes", async () => {
    await page.goto(`${server.origin}/settings/shortcuts`)
    await row("global.shortcuts").waitFor()
    expect(await keysOf("global.shortcuts")).toBe("?")
    expect(await keysOf("entry.next")).toContain("J")
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height })
      await shoot(page, `settings-shortcuts-${width}`)
      expect(await seriousViolations(page, [["main"]])).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    }
  })

  it("refuses a key another command uses, takes a free one and keeps it after a reload", async () => {
    await row("global.shortcuts").getByTestId("shortcut-change").click()
    await page.keyboard.press("j")
    await expect.poll(() => page.getByTestId("shortcut-problem").textContent()).toContain("Next entry")
    expect(await keysOf("global.shortcuts")).toBe("?")
    await page.keyboard.press("g")
    await expect.poll(() => keysOf("global.shortcuts")).toBe("G")
    await shoot(page, "settings-shortcuts-rebound-1280")
    await page.reload()
    await row("global.shortcuts").waitFor()
    expect(await keysOf("global.shortcuts")).toBe("G")
  })

  it("syncs the new key to the server, and another browser of the same user starts with it", async () => {
    const fromServer = () =>
      page.evaluate(() =>
        fetch("/settings").then((res) => res.json() as Promise<{ settings: { general?: { keyBindings?: unknown } } }>),
      )
    await expect
      .poll(async () => (await fromServer()).settings.general?.keyBindings, { timeout: 5000 })
      .toEqual({ "global.shortcuts": ["g"] })
    const { cookies } = await page.context().storageState()
    const other = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      storageState: { cookies, origins: [] },
    })
    const second = await other.newPage()
    await second.goto(`${server.origin}/settings/shortcuts`)
    await expect
      .poll(async () =>
        (
          (await second.getByTestId("shortcut-global.shortcuts").getByTestId("shortcut-keys").textContent()) ?? ""
        ).trim(),
      )
      .toBe("G")
    await other.close()
  })

  it("the timeline answers the new key and no longer the old one", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await page.getByTestId("sidebar").waitFor()
    await page.keyboard.press("?")
    await page.waitForTimeout(300)
    expect(await page.getByTestId("shortcuts-dialog").count()).toBe(0)
    await page.keyboard.press("g")
    await page.getByTestId("shortcuts-dialog").waitFor()
    expect(await page.getByTestId("shortcuts-dialog").textContent()).toContain("G")
    await page.keyboard.press("Escape")
  })

  it("puts the default back", async () => {
    await page.goto(`${server.origin}/settings/shortcuts`)
    await row("global.shortcuts").getByTestId("shortcut-reset").click()
    await expect.poll(() => keysOf("global.shortcuts")).toBe("?")
    expect(await row("global.shortcuts").getByTestId("shortcut-reset").count()).toBe(0)
  })
})
