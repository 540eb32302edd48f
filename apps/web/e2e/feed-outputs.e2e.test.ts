// Published feeds (issue 15, "feeds out"), in a real Chromium: settings › feeds publishes a followed list, the row's
// address is fetched by a client with no session (as another feed reader would) and holds the list's entries; the
// list's public feed too; revoking by keyboard turns the address off. Screenshots at 1280 and 390 px, axe, and the
// section in the other three languages.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/feed-outputs.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "feed-outputs")

let server: AppServer
let fixtures: FixtureServer
let browser: Browser
let page: Page
let listId = ""
const pageErrors: string[] = []

/** A call from inside the page, with its session. */
const call = (method: string, pathname: string, body?: unknown) =>
  page.evaluate(
    async ([method, pathname, body]) => {
      const res = await fetch(pathname, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return res.json()
    },
    [method, pathname, body] as const,
  )

/** A fetch from the test itself: no cookie, like a feed reader polling the address. */
async function anonymous(url: string) {
  const res = await fetch(url)
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() }
}

const itemCount = (xml: string) => xml.match(/<item>/g)?.length ?? 0

beforeAll(async () => {
  ;[server, fixtures, browser] = await Promise.all([startAppServer(), startFixtureServer(), launchBrowser()])
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `outputs-${Date.now()}@example.com`)
  const feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
  listId = (await call("POST", "/lists", { title: "Weekend reading", view: 0, fee: 0 })).data.id
  await call("POST", "/lists/feeds", { listId, feedId })
  await call("POST", "/subscriptions", { listId, view: 0 })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("published feeds", () => {
  it("publishes a followed list from settings › feeds; its address works for a client with no session", async () => {
    await page.goto(`${server.origin}/settings/feeds`)
    const target = page.getByTestId("output-target")
    await target.waitFor()
    await target.selectOption({ label: "List: Weekend reading" })
    await page.getByTestId("output-create").click()
    const row = page.getByTestId("output-row").filter({ hasText: "Weekend reading" })
    await row.waitFor()
    const url = (await row.getByTestId("output-url").textContent()) ?? ""
    expect(url).toMatch(new RegExp(`^${server.origin}/out/[\\w-]{32}/rss\\.xml$`))

    const doc = await anonymous(url)
    expect(doc.status).toBe(200)
    expect(doc.type).toBe("application/rss+xml; charset=utf-8")
    expect(itemCount(doc.text)).toBeGreaterThan(0)
    expect(doc.text).toContain("<title>Weekend reading</title>")
    const json = JSON.parse((await anonymous(url.replace("rss.xml", "feed.json"))).text)
    expect(json.items).toHaveLength(itemCount(doc.text))
    // The list's own public feed answers anyone too.
    const pub = await anonymous(`${server.origin}/out/lists/${listId}/atom.xml`)
    expect(pub.status).toBe(200)
    expect(pub.text.match(/<entry>/g)?.length).toBe(itemCount(doc.text))

    expect(await shootBothSizes(page, shotsDir, "published")).toEqual([])
    expect(pageErrors).toEqual([])
  })

  it("revokes by keyboard after a confirmation, and the address stops answering", async () => {
    const row = page.getByTestId("output-row").filter({ hasText: "Weekend reading" })
    const url = (await row.getByTestId("output-url").textContent()) ?? ""
    await row.getByTestId("output-revoke").focus()
    await page.keyboard.press("Enter")
    const confirm = page.getByTestId("confirm-dialog-confirm")
    await confirm.waitFor()
    expect(await shootBothSizes(page, shotsDir, "revoke-confirm")).toEqual([])
    await confirm.focus()
    await page.keyboard.press("Enter")
    await expect.poll(() => row.count()).toBe(0)
    expect((await anonymous(url)).status).toBe(404)
    expect(pageErrors).toEqual([])
  })

  it("says it in the other languages", async () => {
    for (const [language, heading] of [
      ["ja", "公開中のフィード"],
      ["zh-CN", "已发布的订阅源"],
      ["zh-TW", "已發佈的訂閱源"],
    ] as const) {
      await page.goto(`${server.origin}/settings/feeds?lng=${language}`)
      await page.getByText(heading).waitFor()
      expect(await shootBothSizes(page, shotsDir, `published-${language}`)).toEqual([])
    }
    await page.goto(`${server.origin}/settings/feeds?lng=en`)
  })
})
