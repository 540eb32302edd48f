// The command palette lists the lists the user follows (GET /subscriptions items with `lists`) and opens one.
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
let listId = ""

async function api<T>(method: string, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(b),
      })
      const answer = await res.json()
      if (!res.ok) throw new Error(JSON.stringify(answer))
      return answer
    },
    [method, path, body] as const,
  ) as Promise<T>
}

beforeAll(async () => {
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  await signUp(page, server.origin, `lists-${Date.now()}@example.com`)
  const created = await api<{ data: { id: string } }>("POST", "/lists", {
    view: 1,
    title: "Typography digest",
    description: "Fonts and layout",
    fee: 0,
  })
  listId = created.data.id
  await api("POST", "/subscriptions", { listId, view: 1 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("palette lists", () => {
  it("finds a followed list by name and opens its timeline", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all`)
    await page.getByTestId("sidebar").waitFor()
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ]) {
      await page.setViewportSize({ width, height })
      await page.keyboard.press("Control+k")
      await page.getByTestId("palette-input").waitFor()
      await page.keyboard.type("typograph")
      const hit = page.locator('[data-testid="palette-result"][data-kind="list"]')
      await hit.waitFor({ timeout: 5000 }).catch(async (error) => {
        await shoot(page, `palette-list-fail-${width}`)
        throw error
      })
      expect(await hit.textContent()).toContain("Typography digest")
      await shoot(page, `palette-list-${width}`)
      expect(await seriousViolations(page)).toEqual([])
      if (width === 390) await page.keyboard.press("Escape")
    }
    await page.locator('[data-testid="palette-result"][data-kind="list"]').click()
    await page.waitForURL(new RegExp(`/timeline/view-1/list-${listId}`))
  })
})
