// Discover and sources: one search box for a website's address (its advertised feeds), words (feeds people here
// follow publicly, and lists) and rsshub:// routes; recommendations from others' public follows (the trending
// section's feeds; its windows are e2e/trending-plan.e2e.test.ts's); RSSHub categories;
// the RSSHub route browser with its form; the wallet page that says what it will hold; mod+T.
// Run: npm test -- build && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/discover.e2e.test.ts
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { type RsshubStandIn, startRsshubStandIn } from "./support/rsshub-stand-in.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "discover")
const mod = process.platform === "darwin" ? "Meta" : "Control"

let fixtures: FixtureServer
let rsshub: RsshubStandIn
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const shootBoth = (name: string) => shootBothSizes(page, shotsDir, name)

async function newUser(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const user = await context.newPage()
  user.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(user, server.origin, email)
  return user
}

/** Follows privately, which the shell kit's subscribe cannot. */
const subscribePrivately = (user: Page, url: string) =>
  user.evaluate(async (feedUrl) => {
    const res = await fetch("/subscriptions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: feedUrl, view: 0, isPrivate: true }),
    })
    if (!res.ok) throw new Error(await res.text())
  }, url)

const subscriptionUrls = () =>
  page.evaluate(async () => {
    const answer = await fetch("/subscriptions").then((res) => res.json())
    return (answer.data as { feeds: { url: string } }[]).map((sub) => sub.feeds.url)
  })

const cardTitles = (scope = page.locator("main")) =>
  scope.getByTestId("discover-feed-card").locator("h3").allTextContents()

beforeAll(async () => {
  ;[fixtures, rsshub] = await Promise.all([startFixtureServer(), startRsshubStandIn()])
  server = await startAppServer({ RSSHUB_URL: `${rsshub.origin}/` })
  browser = await launchBrowser()
  // Someone else here: two public follows, one private, and a list.
  const other = await newUser(`other-${Date.now()}@example.com`)
  await subscribe(other, `${rsshub.origin}/feeds/lighthouse-log.xml`)
  await subscribe(other, `${fixtures.origin}/site/field-notes.xml`)
  await subscribePrivately(other, `${rsshub.origin}/feeds/lighthouse-secrets.xml`)
  await other.evaluate(async () => {
    const body = { title: "Lighthouse keepers' shelf", description: "Reading for long nights", view: 0, fee: 0 }
    const res = await fetch("/lists", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(await res.text())
  })
  await other.close()
  page = await newUser(`finder-${Date.now()}@example.com`)
  // The reader follows field notes already: discover says so, and does not recommend it.
  await subscribe(page, `${fixtures.origin}/site/field-notes.xml`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await Promise.all([fixtures?.close(), rsshub?.close()])
})

describe("discover", () => {
  it("finds a website's feeds, previews one, says which is followed already, and subscribes into the sidebar", async () => {
    await page.goto(`${server.origin}/discover`)
    await byTestId("discover-input").fill(`${fixtures.origin}/site/`)
    expect(await byTestId("discover-page").textContent()).toContain("A feed or a website: its feeds will be found.")
    await byTestId("discover-submit").click()
    const results = byTestId("discover-feed-results")
    await expect
      .poll(() => cardTitles(results), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(["Fixture Notes", "Field NotesFollowing"]))
    const notes = results.getByTestId("discover-feed-card").filter({ hasText: "Fixture Notes" })
    await notes.getByTestId("discover-feed-open").click()
    await expect
      .poll(() => notes.getByTestId("discover-preview").textContent(), { timeout: 30_000 })
      .toContain("Why I still read the web through feeds")
    const followed = results.getByTestId("discover-feed-card").filter({ hasText: "Field Notes" })
    await followed.getByTestId("discover-feed-open").click()
    expect(await followed.getByTestId("discover-already-followed").textContent()).toBe(
      "You already follow Field Notes.",
    )
    expect(await shootBoth("discover-results")).toEqual([])

    await notes.getByTestId("subscription-title").fill("Notes from the fixture")
    await notes.getByTestId("add-feed-submit").click()
    await page.waitForURL(/\/timeline\/view-0\/\d+/, { timeout: 30_000 })
    await expect.poll(() => byTestId("sidebar-row-label").allTextContents()).toContain("Notes from the fixture")
    expect(await subscriptionUrls()).toContain(`${fixtures.origin}/feed.xml`)
  })

  it("finds by words a feed another reader follows publicly, never one they follow privately", async () => {
    await page.goto(`${server.origin}/discover?q=lighthouse`)
    await expect
      .poll(() => cardTitles(byTestId("discover-feed-results")), { timeout: 30_000 })
      .toEqual(["Lighthouse Log"])
    // The only result opens at once, with its latest entries.
    await expect.poll(() => byTestId("discover-preview").textContent()).toContain("Lighthouse Log: item 1")
    expect(await byTestId("discover-followers").first().textContent()).toBe("1 follower here")
    await page.goto(`${server.origin}/discover?q=secrets`)
    await expect
      .poll(() => byTestId("discover-status").textContent(), { timeout: 30_000 })
      .toBe("No feed matches these words.")
  })

  it("finds a list by words on the lists tab, leading to its page", async () => {
    await page.goto(`${server.origin}/discover?q=lighthouse`)
    await byTestId("discover-tab-lists").click()
    await expect.poll(() => new URL(page.url()).search).toBe("?q=lighthouse&type=lists")
    // The results' card: the trending section below shows the same list among the most followed.
    const card = byTestId("discover-list-results").getByTestId("discover-list-card")
    await expect.poll(() => card.locator("h3").allTextContents()).toEqual(["Lighthouse keepers' shelf"])
    expect(await card.textContent()).toContain("Reading for long nights")
    await card.getByTestId("discover-list-open").click()
    await page.waitForURL(/\/share\/lists\/\d+$/)
  })

  it("recommends what others here follow publicly, without private follows or the reader's own", async () => {
    await page.goto(`${server.origin}/discover`)
    const recommended = byTestId("discover-recommendations")
    await expect.poll(() => cardTitles(recommended)).toEqual(["Lighthouse Log"])
    expect(await recommended.textContent()).toContain("1 follower here")
  })

  it("lists the RSSHub categories, each a page of its routes", async () => {
    await page.goto(`${server.origin}/discover`)
    const categories = byTestId("discover-category")
    await expect.poll(() => categories.allTextContents()).toEqual(["Programming1", "Travel1"])
    await categories.filter({ hasText: "Travel" }).click()
    await page.waitForURL(/\/discover\/category\/travel$/)
    await expect.poll(() => byTestId("rsshub-route").getAttribute("data-route")).toBe("/harbour/tides/:port/:kind?")
    expect(await byTestId("discover-category-page").locator("h1").textContent()).toBe("Travel")
    expect(await page.locator("[aria-current=page][data-testid=discover-category]").textContent()).toBe("Travel1")
    await byTestId("rsshub-route-open").click()
    await byTestId("rsshub-route-form").waitFor()
    expect(await shootBoth("discover-category")).toEqual([])
  })
})

describe("rsshub", () => {
  it("browses the instance's routes, builds a route's URL from its form, previews and subscribes", async () => {
    await page.goto(`${server.origin}/rsshub`)
    await expect
      .poll(() => byTestId("rsshub-page").textContent())
      .toContain(`The routes of the RSSHub instance this server uses: ${rsshub.origin}/`)
    await expect.poll(() => byTestId("rsshub-namespace").count()).toBe(2)
    await byTestId("rsshub-language").selectOption("ja")
    await expect.poll(() => byTestId("rsshub-namespace").getAttribute("data-namespace")).toBe("quay")
    await byTestId("rsshub-language").selectOption("")
    await byTestId("rsshub-filter").fill("tide")
    await expect.poll(() => byTestId("rsshub-namespace").count()).toBe(1)
    const route = byTestId("rsshub-route")
    await route.getByTestId("rsshub-route-open").click()
    const port = route.getByTestId("rsshub-param-port")
    expect(await port.getAttribute("placeholder")).toBe("e.g. bristol")
    expect(await route.getByTestId("rsshub-form-problem").textContent()).toBe("Fill in port to build the address.")
    expect(await route.getByTestId("rsshub-preview").isDisabled()).toBe(true)
    await port.fill("bristol")
    await route.getByTestId("rsshub-param-kind").selectOption("high")
    expect(await route.getByTestId("rsshub-built-url").textContent()).toBe("rsshub://harbour/tides/bristol/high")
    await route.getByTestId("rsshub-preview").click()
    await expect
      .poll(() => route.getByTestId("rsshub-feed-title").textContent(), { timeout: 30_000 })
      .toBe("Tides at bristol (high)")
    await expect
      .poll(() => route.getByTestId("discover-preview").textContent())
      .toContain("Tides at bristol (high): item 1")
    expect(await shootBoth("rsshub-route-form")).toEqual([])
    // The route suggests the social view.
    expect(await route.getByTestId("subscription-view").inputValue()).toBe("1")
    await route.getByTestId("add-feed-submit").click()
    await page.waitForURL(/\/timeline\/view-1\/\d+/, { timeout: 30_000 })
    expect(await subscriptionUrls()).toContain("rsshub://harbour/tides/bristol/high")
    // Followed publicly now: the route counts one follower here.
    await page.goto(`${server.origin}/rsshub`)
    await byTestId("rsshub-filter").fill("tide")
    await expect.poll(() => byTestId("rsshub-route-followers").textContent()).toBe("1 follower here")
  })

  it("says in words when the instance does not answer", async () => {
    const offline = await startAppServer({ RSSHUB_URL: "http://127.0.0.1:9/" })
    // A context of its own: cookies do not tell ports apart, so this session would replace the other server's.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const user = await context.newPage()
      user.on("pageerror", (error) => pageErrors.push(error.message))
      await signUp(user, offline.origin, `offline-${Date.now()}@example.com`)
      await user.goto(`${offline.origin}/rsshub`)
      await expect
        .poll(() => user.getByTestId("rsshub-error").textContent(), { timeout: 30_000 })
        .toBe("This RSSHub instance is unavailable currently")
      expect(await shootBothSizes(user, shotsDir, "rsshub-unavailable")).toEqual([])
    } finally {
      await context.close()
      await offline.stop()
    }
  })
})

describe("around discover", () => {
  it("opens discover with mod+T from the reader", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("sidebar").waitFor()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.keyboard.press(`${mod}+t`)
    await byTestId("discover-page").waitFor()
    expect(new URL(page.url()).pathname).toBe("/discover")
  })

  it("is linked from the add dialog", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("add-feed-button").click()
    await byTestId("add-source-discover").click()
    await byTestId("discover-page").waitFor()
    expect(await byTestId("add-feed-dialog").count()).toBe(0)
  })

  it("has a wallet page that offers to create the wallet (power.e2e covers the rest)", async () => {
    await page.goto(`${server.origin}/power`)
    await byTestId("power-create-button").waitFor()
    expect(await page.locator("h1").textContent()).toBe("Wallet")
    expect(await shootBoth("power")).toEqual([])
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
