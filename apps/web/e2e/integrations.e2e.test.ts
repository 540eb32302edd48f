// Settings › integrations in a real browser: Readeck (endpoint = a loopback stand-in) and a custom
// JSON integration send the open entry from the more menu, first from the browser (the stand-in answers CORS, as a
// self-hosted service behind a CORS-allowing proxy would), then through the server's relay; a refusal shows the
// service's answer. The group stays in this browser: it survives a reload and never reaches GET /settings.
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { STAND_IN, type StandIn, startStandIn } from "./support/integration-stand-in.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "integrations")
const READECK_TOKEN = STAND_IN.readeckToken
const HOOK_TOKEN = "hook-e2e-secret-3d"
const TORRENT_TITLE = STAND_IN.torrentTitle
const TORRENT_PAGE = STAND_IN.torrentPage

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
let standIn: StandIn
let standInOrigin = ""
let received: StandIn["received"] = []
let preflights: string[] = []
const pageErrors: string[] = []
let entry = { id: "", url: "", title: "" }

beforeAll(async () => {
  fixtures = await startFixtureServer()
  standIn = await startStandIn()
  ;({ origin: standInOrigin, received, preflights } = standIn)
  server = await startAppServer()
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `integrations-${Date.now()}@example.com`)
  await subscribe(page, `${fixtures.origin}/feed.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
  await standIn?.close()
})

const byTestId = (id: string) => page.getByTestId(id)

const saveToasts = (name: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: new RegExp(`(Saving to|Saved to|Could not save to) ${name}`) })

async function saveFromMoreMenu(name: string) {
  // The toast of an earlier save to the same service has closed (toasts have no close button here).
  await saveToasts(name).first().waitFor({ state: "detached", timeout: 15_000 })
  await byTestId("entry-more").click()
  await page.getByRole("menuitem", { name: `Save to ${name}` }).click()
}

/** The toast that ends a save: its title and its detail. */
async function toastAfterSave(name: string): Promise<string> {
  const done = saveToasts(name).filter({ hasText: /Saved to|Could not save to/ })
  await done.first().waitFor({ timeout: 20_000 })
  return (await done.first().textContent()) ?? ""
}

async function openFirstEntry() {
  await page.goto(`${server.origin}/`)
  await byTestId("entry-row").first().click()
  await byTestId("entry-content").waitFor()
  const id = new URL(page.url()).pathname.split("/").pop() ?? ""
  entry = await page.evaluate(async (entryId) => {
    const answer = await fetch(`/entries?id=${entryId}`).then((r) => r.json())
    return { id: entryId, url: answer.data.entries.url as string, title: answer.data.entries.title as string }
  }, id)
  expect(entry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/posts\//)
  expect(entry.title).toBeTruthy()
}

describe("settings › integration", () => {
  it("validates inline, keeps Readeck and a custom integration in this browser only", async () => {
    await page.goto(`${server.origin}/settings/integration`)
    await byTestId("settings-page-integration").waitFor()
    expect(await byTestId("integration-useBrowserFetch").getByRole("switch").getAttribute("aria-checked")).toBe("true")

    // Credentials show once an integration is switched on.
    expect(await byTestId("integration-field-readeckEndpoint").count()).toBe(0)
    await byTestId("integration-enable-readeck").getByRole("switch").click()
    const endpoint = byTestId("integration-field-readeckEndpoint")
    await endpoint.fill("readeck.local")
    expect(await endpoint.getAttribute("aria-invalid")).toBe("true")
    expect(await page.getByText("Enter a full address starting with http:// or https://.").count()).toBe(1)
    expect(await page.getByText("Required while this integration is on.").count()).toBe(1)
    await endpoint.fill(`${standInOrigin}/readeck`)
    await byTestId("integration-field-readeckToken").fill(READECK_TOKEN)
    expect(await endpoint.getAttribute("aria-invalid")).toBeNull()
    expect(await byTestId("integration-field-readeckToken").getAttribute("type")).toBe("password")

    await byTestId("custom-integration-add").click()
    await byTestId("custom-integration-0-name").fill("Hooky")
    await byTestId("custom-integration-0-icon").fill("★")
    await byTestId("custom-integration-0-url").fill(`${standInOrigin}/hook?src={{url}}`)
    await byTestId("custom-integration-0-headers").fill(`Content-Type: application/json\nX-Hook-Token: ${HOOK_TOKEN}`)
    await byTestId("custom-integration-0-body").fill('{"link": "{{url}}", "name": "{{title}}"}')
    await byTestId("custom-integration-0").screenshot({ path: path.join(shotsDir, "custom-integration-1280.png") })
    await page.evaluate(() => {
      ;(document.activeElement as HTMLElement | null)?.blur()
      for (const element of document.querySelectorAll("*")) if (element.scrollTop) element.scrollTop = 0
    })
    expect(await shootBothSizes(page, shotsDir, "integration-page")).toEqual([])

    await page.reload()
    await byTestId("settings-page-integration").waitFor()
    expect(await byTestId("integration-field-readeckEndpoint").inputValue()).toBe(`${standInOrigin}/readeck`)
    expect(await byTestId("integration-field-readeckToken").inputValue()).toBe(READECK_TOKEN)
    expect(await byTestId("custom-integration-0-name").inputValue()).toBe("Hooky")
    const local = await page.evaluate(() => JSON.parse(localStorage.getItem("tidings:integration") ?? "{}"))
    expect(local.state).toMatchObject({ enableReadeck: true, readeckToken: READECK_TOKEN, useBrowserFetch: true })
    // Not synced: the server has no integration group, and no request body carried the tokens there.
    const remote = await page.evaluate(() => fetch("/settings").then((r) => r.json()))
    expect(remote.settings.integration).toBeUndefined()
    expect(JSON.stringify(remote)).not.toContain(READECK_TOKEN)
  })
})

describe("Save to … from the entry's more menu", () => {
  it("sends the entry from the browser to Readeck and to the custom integration", async () => {
    await openFirstEntry()
    received.length = 0
    await byTestId("entry-more").click()
    await page.getByRole("menuitem", { name: "Save to Readeck" }).waitFor()
    await page.screenshot({ path: path.join(shotsDir, "entry-more-menu-1280.png") })
    await page.keyboard.press("Escape")
    await saveFromMoreMenu("Readeck")
    expect(await toastAfterSave("Readeck")).toContain("Saved to Readeck")
    await page.screenshot({ path: path.join(shotsDir, "saved-toast-1280.png") })
    await saveFromMoreMenu("★ Hooky")
    expect(await toastAfterSave("Hooky")).toContain("Saved to Hooky")

    expect(received.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/readeck/api/bookmarks"],
      ["POST", `/hook?src=${encodeURIComponent(entry.url)}`],
    ])
    const [readeck, hook] = received
    expect(JSON.parse(readeck!.body)).toEqual({ url: entry.url, title: entry.title })
    expect(readeck!.headers.authorization).toBe(`Bearer ${READECK_TOKEN}`)
    expect(JSON.parse(hook!.body)).toEqual({ link: entry.url, name: entry.title })
    expect(hook!.headers["x-hook-token"]).toBe(HOOK_TOKEN)
    // The browser sent them: from the app's origin, after asking the stand-in's CORS leave.
    expect(readeck!.headers.origin).toBe(server.origin)
    expect(preflights).toContain("/readeck/api/bookmarks")
  })

  it("sends them through the server's relay when browser fetch is off", async () => {
    await page.goto(`${server.origin}/settings/integration`)
    await byTestId("integration-useBrowserFetch").getByRole("switch").click()
    await openFirstEntry()
    received.length = 0
    await saveFromMoreMenu("Readeck")
    expect(await toastAfterSave("Readeck")).toContain("Saved to Readeck")
    // By keyboard: the more button, then the last item of its menu (custom integrations come last).
    await saveToasts("Hooky").first().waitFor({ state: "detached", timeout: 15_000 })
    await byTestId("entry-more").focus()
    await page.keyboard.press("Enter")
    await page.keyboard.press("End")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Save to ★ Hooky")
    await page.keyboard.press("Enter")
    expect(await toastAfterSave("Hooky")).toContain("Saved to Hooky")

    const [readeck, hook] = received
    expect(received).toHaveLength(2)
    expect(JSON.parse(readeck!.body)).toEqual({ url: entry.url, title: entry.title })
    expect(readeck!.headers.authorization).toBe(`Bearer ${READECK_TOKEN}`)
    expect(JSON.parse(hook!.body)).toEqual({ link: entry.url, name: entry.title })
    expect(hook!.headers["x-hook-token"]).toBe(HOOK_TOKEN)
    expect(hook!.path).toBe(`/hook?src=${encodeURIComponent(entry.url)}`)
    // The server sent them: no browser origin, the relay's user agent.
    expect(readeck!.headers.origin).toBeUndefined()
    expect(readeck!.headers["user-agent"]).toMatch(/^Tidings\/.* \(integration relay\)$/)
  })

  it("shows the service's answer when it refuses", async () => {
    await page.goto(`${server.origin}/settings/integration`)
    await byTestId("integration-field-readeckToken").fill("wrong-token")
    await openFirstEntry()
    await saveFromMoreMenu("Readeck")
    const text = await toastAfterSave("Readeck")
    expect(text).toContain("Could not save to Readeck")
    expect(text).toContain('HTTP 401: {"message":"Invalid token"}')
    await page.screenshot({ path: path.join(shotsDir, "failed-toast-1280.png") })
    expect(pageErrors).toEqual([])
  })
})

describe("self-hosted kinds", () => {
  it("send to Outline and qBittorrent (login, then the torrent with its cookie), from the browser and the relay", async () => {
    const feedId = await subscribe(page, `${standInOrigin}/torrents.xml`)
    const entryId = await page.evaluate(async (id) => {
      const answer = await fetch(`/entries?feedId=${id}`).then((r) => r.json())
      return answer.data[0].entries.id as string
    }, feedId)
    await page.goto(`${server.origin}/settings/integration`)
    await byTestId("integration-enable-outline").getByRole("switch").click()
    await byTestId("integration-field-outlineEndpoint").fill(`${standInOrigin}/outline/`)
    await byTestId("integration-field-outlineToken").fill("ol-e2e-token")
    await byTestId("integration-field-outlineCollection").fill("col-7")
    await byTestId("integration-enable-qbittorrent").getByRole("switch").click()
    await byTestId("integration-field-qbittorrentHost").fill(`${standInOrigin}/qbt`)
    await byTestId("integration-field-qbittorrentUsername").fill("admin")
    await byTestId("integration-field-qbittorrentPassword").fill("qb-pass")
    const browserFetch = byTestId("integration-useBrowserFetch").getByRole("switch")

    for (const fromBrowser of [true, false]) {
      await page.goto(`${server.origin}/settings/integration`)
      if ((await browserFetch.getAttribute("aria-checked")) !== String(fromBrowser)) await browserFetch.click()
      await page.goto(`${server.origin}/timeline/view-0/${feedId}/${entryId}`)
      await byTestId("entry-content").waitFor()
      received.length = 0
      await saveFromMoreMenu("Outline")
      expect(await toastAfterSave("Outline")).toContain("Saved to Outline")
      await saveFromMoreMenu("qBittorrent")
      expect(await toastAfterSave("qBittorrent")).toContain("Saved to qBittorrent")

      expect(received.map((r) => [r.method, r.path])).toEqual([
        ["POST", "/outline/api/documents.create"],
        ["POST", "/qbt/api/v2/auth/login"],
        ["POST", "/qbt/api/v2/torrents/add"],
      ])
      const [outline, login, add] = received
      expect(outline!.headers.authorization).toBe("Bearer ol-e2e-token")
      expect(JSON.parse(outline!.body)).toMatchObject({ title: TORRENT_TITLE, collectionId: "col-7", publish: true })
      expect(JSON.parse(outline!.body).text).toContain(`Source: <${TORRENT_PAGE}>`)
      expect(JSON.parse(outline!.body).text).toContain("Season four of the **open** data set.")
      expect(login!.body).toBe("username=admin&password=qb-pass")
      expect(add!.headers.cookie).toContain("SID=qb-session-1")
      expect(add!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)
      expect(add!.body).toContain(`name="urls"\r\n\r\n${standInOrigin}/files/open-data-4.torrent\r\n`)
      expect(add!.headers.origin).toBe(fromBrowser ? server.origin : undefined)
    }
  })
})
