// Issue 11 end to end: /login with social providers (and without), a user's public profile seen by another user,
// the new-user guide on first sign-in, and the error page's issue link. Nothing goes to the internet: GitHub's
// authorization page is answered by page.route, feeds come from the loopback fixture server.
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { call, type Posted, signUpThroughForm, startAnalyticsStandIn } from "./support/profiles-guide-kit.ts"

const shotsDir = path.join(screenshotsRoot, "profiles-guide")
const HANDLE = `ada_${Date.now().toString(36)}`

let fixtures: FixtureServer
let server: AppServer
let bare: AppServer
let browser: Browser
const pageErrors: string[] = []
const ownerFeeds = { notes: "", field: "", secret: "" }
let listId = ""
let visitorId = ""
let owner: Page
let visitor: Page
let analytics: Awaited<ReturnType<typeof startAnalyticsStandIn>>
let posted: Posted[] = []

const eventsOf = (userId: string) =>
  posted.filter((p) => p.user_id === userId).flatMap((p) => p.events.map((e) => e.name))

const shootBoth = (page: Page, name: string) => shootBothSizes(page, shotsDir, name)

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  return page
}

/** Settings › general › "Send anonymous usage data". */
async function setAnonymousData(page: Page, on: boolean) {
  await page.goto(`${server.origin}/settings/general`)
  const toggle = page.getByTestId("setting-sendAnonymousData").getByRole("switch")
  if ((await toggle.getAttribute("aria-checked")) !== String(on)) await toggle.click()
  await expect.poll(() => toggle.getAttribute("aria-checked")).toBe(String(on))
}

const guide = (page: Page) => page.getByTestId("new-user-guide")
const guideStep = (page: Page) => page.getByTestId("guide-step").getAttribute("data-step")

beforeAll(async () => {
  fixtures = await startFixtureServer()
  analytics = await startAnalyticsStandIn()
  posted = analytics.posted
  ;[server, bare, browser] = await Promise.all([
    startAppServer({
      NEW_USER_GUIDE: "true",
      GITHUB_CLIENT_ID: "fake-github-client",
      GITHUB_CLIENT_SECRET: "fake-github-secret",
      ISSUE_TRACKER_URL: `${fixtures.origin}/issues/new?labels=bug`,
      ANALYTICS_URL: `${analytics.origin}/collect`,
    }),
    startAppServer(),
    launchBrowser(),
  ])
})

afterAll(async () => {
  await browser?.close()
  await Promise.all([server?.stop(), bare?.stop()])
  await fixtures?.close()
  await analytics?.close()
})

describe("login", () => {
  it("offers the configured GitHub sign-in, which goes to GitHub's authorization page", async () => {
    const page = await newPage()
    await page.route("https://github.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>GitHub stand-in</title>" }),
    )
    await page.goto(`${server.origin}/login`)
    await page.getByTestId("social-github").waitFor()
    expect(await page.getByTestId("social-github").textContent()).toBe("Continue with GitHub")
    expect(await page.getByTestId("social-google").count()).toBe(0)
    expect(await shootBoth(page, "login-providers")).toEqual([])

    await page.getByTestId("social-github").click()
    await page.waitForURL(/^https:\/\/github\.com\/login\/oauth\/authorize\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get("client_id")).toBe("fake-github-client")
    expect(url.searchParams.get("redirect_uri")).toBe(`${server.origin}/better-auth/callback/github`)

    // ?provider=github starts that provider's sign-in at once (the desktop app's way in).
    await page.goto(`${server.origin}/login?provider=github`)
    await page.waitForURL(/^https:\/\/github\.com\/login\/oauth\/authorize\?/)
    await page.context().close()
  })

  it("shows no social buttons without providers, and a credential sign-in with a missing field calls nothing", async () => {
    const page = await newPage()
    const authCalls: string[] = []
    page.on("request", (request) => {
      if (request.url().includes("/better-auth/sign-")) authCalls.push(request.url())
    })
    const providers = page.waitForResponse((res) => res.url().endsWith("/better-auth/get-providers"))
    await page.goto(`${bare.origin}/login`)
    expect(await (await providers).json()).toEqual({})
    await page.getByTestId("login-form").waitFor()
    expect(await page.getByTestId("social-sign-in").count()).toBe(0)

    await page.getByTestId("login-submit").click()
    expect(await page.getByTestId("login-error").textContent()).toBe("Enter your e-mail address.")
    await page.getByTestId("login-email").fill("someone@example.com")
    await page.getByTestId("login-submit").click()
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("Enter your password.")
    expect(new URL(page.url()).pathname).toBe("/login")
    expect(authCalls).toEqual([])
    await page.context().close()
  })
})

describe("profiles and the guide", () => {
  it("sets up an owner with public and private subscriptions, a list and a profile", async () => {
    owner = await newPage()
    await signUpThroughForm(owner, server.origin, "Ada Lovelace", `ada-${Date.now()}@example.com`)
    // A brand-new account gets the guide; this one skips it.
    await guide(owner).waitFor()
    await owner.getByTestId("guide-skip").click()
    await guide(owner).waitFor({ state: "detached" })

    type Created = { feed: { id: string } }
    const subscribe = (body: object) => call<Created>(owner, "POST", "/subscriptions", body)
    ownerFeeds.notes = (await subscribe({ url: `${fixtures.origin}/feed.xml`, view: 0, category: "Essays" })).feed.id
    ownerFeeds.field = (await subscribe({ url: `${fixtures.origin}/site/field-notes.xml`, view: 2 })).feed.id
    ownerFeeds.secret = (
      await subscribe({ url: `${fixtures.origin}/feed.xml?private=1`, view: 0, title: "Secret Diary", isPrivate: true })
    ).feed.id
    const list = await call<{ data: { id: string } }>(owner, "POST", "/lists", {
      title: "Slow reading",
      description: "Feeds worth the time.",
      view: 0,
    })
    listId = list.data.id
    await call(owner, "POST", "/lists/feeds", { listId, feedIds: [ownerFeeds.notes] })
    await call(owner, "POST", "/better-auth/update-user", {
      handle: HANDLE,
      bio: "Reads about engines and notes.",
      website: "https://ada.example.test/",
      socialLinks: { github: "ada" },
    })
  })

  it("shows the guide on the visitor's first sign-in: Japanese at once, a starter feed, the keys, finish", async () => {
    visitor = await newPage()
    await signUpThroughForm(visitor, server.origin, "Vic Visitor", `vic-${Date.now()}@example.com`)
    await guide(visitor).waitFor()
    expect(await guideStep(visitor)).toBe("language")

    await visitor.getByTestId("guide-language-ja").check()
    await expect.poll(() => visitor.evaluate(() => document.documentElement.lang)).toBe("ja")
    await expect.poll(() => guide(visitor).getByRole("heading").first().textContent()).toBe("言語を選択")
    expect(await visitor.getByTestId("guide-next").textContent()).toBe("次へ")
    await visitor.getByTestId("guide-next").click()

    expect(await guideStep(visitor)).toBe("sources")
    await visitor.getByTestId("guide-starter-search").fill("Fixture")
    const results = visitor.getByTestId("guide-starter-title")
    // Only what readers here follow publicly: the owner's private copy of the same feed is not offered.
    await expect.poll(() => results.allTextContents()).toEqual(["Fixture Notes"])
    expect(await visitor.getByTestId("guide-starter-follow").textContent()).toBe("購読")
    await visitor.getByTestId("guide-starter-follow").click()
    await visitor.getByTestId("guide-starter-following").waitFor()
    await visitor.getByTestId("guide-opml-toggle").click()
    await visitor.getByTestId("opml-drop-zone").waitFor()
    await visitor.getByTestId("guide-next").click()

    expect(await guideStep(visitor)).toBe("keys")
    const keys = await visitor.getByTestId("guide-keys").locator("kbd").allTextContents()
    for (const key of ["J", "K", "M", "S", "?"]) expect(keys.map((k) => k.toUpperCase())).toContain(key)
    expect(keys.join(" ")).toMatch(/Ctrl|⌘/)
    await visitor.getByTestId("guide-next").click()

    expect(await guideStep(visitor)).toBe("finish")
    expect(await visitor.getByTestId("guide-finish-summary").textContent()).toContain("1 件のソース")
    await visitor.getByTestId("guide-finish").click()
    await guide(visitor).waitFor({ state: "detached" })

    // sendAnonymousData is on by default and the server names an endpoint: the spec's events arrived there.
    visitorId = (await call<{ user: { id: string } }>(visitor, "GET", "/better-auth/get-session")).user.id
    await expect
      .poll(() => eventsOf(visitorId))
      .toEqual(expect.arrayContaining(["register", "subscribe", "onboarding"]))
    const onboarding = posted.find((p) => p.user_id === visitorId && p.events[0].name === "onboarding")
    const sessionId = await visitor.evaluate(() => sessionStorage.getItem("tidings:session_id"))
    expect(onboarding).toMatchObject({
      client_id: await visitor.evaluate(() => localStorage.getItem("tidings:client_id")),
      events: [{ name: "onboarding", params: { session_id: sessionId, engagement_time_msec: 1000, event_code: 3001 } }],
    })
  })

  it("is not shown again after a reload, and settings reopen it", async () => {
    const configs = visitor.waitForResponse((res) => res.url().endsWith("/status/configs"))
    const subscriptions = visitor.waitForResponse((res) => new URL(res.url()).pathname === "/subscriptions")
    await visitor.reload()
    await Promise.all([configs, subscriptions])
    await visitor.getByTestId("sidebar").waitFor()
    // Two frames after both answers: the guide would be open by now.
    await visitor.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    expect(await guide(visitor).count()).toBe(0)
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe("ja")

    await visitor.goto(`${server.origin}/settings/general`)
    await visitor.getByTestId("guide-reopen").click()
    await guide(visitor).waitFor()
    expect(await guideStep(visitor)).toBe("language")
    await visitor.getByTestId("guide-language-en").check()
    await expect.poll(() => visitor.getByTestId("guide-skip").textContent()).toBe("Skip the guide")
    // The evidence of each step is taken in English: this machine's Chromium has no CJK fonts.
    expect(await shootBoth(visitor, "guide-1-language")).toEqual([])
    await visitor.getByTestId("guide-next").click()
    await visitor.getByTestId("guide-starter-search").fill("notes")
    await expect
      .poll(async () => (await visitor.getByTestId("guide-starter-title").allTextContents()).sort())
      .toEqual(["Field Notes", "Fixture Notes"])
    await visitor.getByTestId("guide-opml-toggle").click()
    await visitor.getByTestId("opml-drop-zone").waitFor()
    expect(await shootBoth(visitor, "guide-2-sources")).toEqual([])
    await visitor.getByTestId("guide-next").click()
    expect(await shootBoth(visitor, "guide-3-keys")).toEqual([])
    await visitor.getByTestId("guide-next").click()
    expect(await visitor.getByTestId("guide-finish-summary").textContent()).toBe(
      "You follow 1 source. Its newest entries are waiting in the timeline.",
    )
    expect(await shootBoth(visitor, "guide-4-finish")).toEqual([])
    await visitor.getByTestId("guide-back").click()
    expect(await guideStep(visitor)).toBe("keys")
    await visitor.getByTestId("guide-skip").click()
    await guide(visitor).waitFor({ state: "detached" })
  })

  it("shows the owner's public profile to the visitor, without the private subscription, and follows from it", async () => {
    await visitor.goto(`${server.origin}/share/lists/${listId}`)
    await visitor.getByTestId("public-list-owner").click()
    await visitor.waitForURL(new RegExp(`/profile/${HANDLE}$`))
    await visitor.getByTestId("profile-page").waitFor()
    const ownerId = await visitor.getByTestId("profile-page").getAttribute("data-user-id")
    expect(await visitor.getByTestId("profile-name").textContent()).toBe("Ada Lovelace")
    expect(await visitor.getByTestId("profile-bio").textContent()).toBe("Reads about engines and notes.")
    expect(await visitor.getByTestId("profile-website").getAttribute("href")).toBe("https://ada.example.test/")
    expect(await visitor.getByTestId("profile-social").getAttribute("href")).toBe("https://github.com/ada")

    const feeds = visitor.getByTestId("profile-feed")
    await expect.poll(() => feeds.count()).toBe(2)
    const ids = await feeds.evaluateAll((rows) => rows.map((row) => row.getAttribute("data-feed-id")))
    expect(ids.sort()).toEqual([ownerFeeds.notes, ownerFeeds.field].sort())
    expect(await visitor.getByTestId("profile-page").textContent()).not.toContain("Secret Diary")
    expect(
      await visitor
        .getByTestId("profile-view-group")
        .evaluateAll((groups) => groups.map((group) => group.getAttribute("data-view"))),
    ).toEqual(["0", "2"])
    expect(await visitor.getByTestId("profile-category").allTextContents()).toEqual(["Essays", "Uncategorized"])
    // The feed picked in the guide is followed already; the other can be followed here.
    const notesRow = visitor.locator(`[data-testid="profile-feed"][data-feed-id="${ownerFeeds.notes}"]`)
    await notesRow.getByTestId("profile-feed-follow-following").waitFor()
    const fieldRow = visitor.locator(`[data-testid="profile-feed"][data-feed-id="${ownerFeeds.field}"]`)
    expect(await visitor.getByTestId("profile-list").textContent()).toContain("Slow reading")
    expect(await shootBoth(visitor, "profile")).toEqual([])

    // With "send anonymous data" off, following sends nothing.
    const subscribesBefore = eventsOf(visitorId).filter((name) => name === "subscribe").length
    await setAnonymousData(visitor, false)
    await visitor.goBack()
    await fieldRow.getByTestId("profile-feed-follow").click()
    await fieldRow.getByTestId("profile-feed-follow-following").waitFor()
    await visitor.getByTestId("profile-list-follow").click()
    await visitor.getByTestId("profile-list-follow-following").waitFor()
    // Back on, a reload's app_init arrives (sent after the follow would have been): still no second subscribe.
    await setAnonymousData(visitor, true)
    // app_init goes out before the session is read, so it carries the browser's client id rather than the user's.
    const clientId = await visitor.evaluate(() => localStorage.getItem("tidings:client_id"))
    const inits = () => posted.filter((p) => p.client_id === clientId && p.events[0].name === "app_init").length
    const initsBefore = inits()
    await visitor.reload()
    await expect.poll(inits).toBe(initsBefore + 1)
    expect(eventsOf(visitorId).filter((name) => name === "subscribe").length).toBe(subscribesBefore)
    const mine = await call<{ data: { feedId?: string; listId?: string }[] }>(visitor, "GET", "/subscriptions")
    expect(mine.data.map((s) => s.feedId ?? s.listId).sort()).toEqual(
      [ownerFeeds.notes, ownerFeeds.field, listId].sort(),
    )

    // The same page by id, for users without a handle.
    await visitor.goto(`${server.origin}/profile/id/${ownerId}`)
    await expect.poll(() => visitor.getByTestId("profile-name").textContent()).toBe("Ada Lovelace")
    // The owner's own view of the page is the public one too.
    await owner.goto(`${server.origin}/profile/${HANDLE}`)
    await expect.poll(() => owner.getByTestId("profile-feed").count()).toBe(2)
    expect(await owner.getByTestId("profile-page").textContent()).not.toContain("Secret Diary")
    await visitor.goto(`${server.origin}/profile/nobody_here_at_all`)
    await visitor.getByText("No user with this handle or id.").waitFor()
  })
})

describe("phone settings", () => {
  it("hides the tab bar's unread badges under 1024 px when showUnreadCountBadgeMobile is off", async () => {
    const phone = visitor
    await phone.setViewportSize({ width: 390, height: 844 })
    await phone.goto(`${server.origin}/timeline/view-0/all/pending`)
    await phone.getByTestId("tab-bar").waitFor()
    await expect.poll(() => phone.getByTestId("tab-unread").count()).toBeGreaterThan(0)
    await phone.goto(`${server.origin}/settings/appearance`)
    const toggle = phone.getByTestId("setting-showUnreadCountBadgeMobile").getByRole("switch")
    await toggle.click()
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("false")
    await phone.goto(`${server.origin}/timeline/view-0/all/pending`)
    await phone.getByTestId("tab-bar").waitFor()
    await phone.getByTestId("tab-0").waitFor()
    expect(await phone.getByTestId("tab-unread").count()).toBe(0)
    await phone.setViewportSize({ width: 1280, height: 800 })
  })
})

describe("error page", () => {
  it("links to the configured tracker with every field of the environment report", async () => {
    const page = await newPage()
    // A screen's code failing to load is a real route error (what a deployment mid-visit causes).
    await page.route("**/assets/not-found-*.js", (route) => route.abort())
    let loads = 0
    page.on("request", (request) => {
      if (request.resourceType() === "document" && request.url().endsWith("/no/such/page")) loads++
    })
    await page.goto(`${server.origin}/no/such/page`)
    await page.getByTestId("error-page").waitFor()
    // The failed chunk reloaded the page once by itself (a new deployment's code may be there), and only once.
    await expect.poll(() => loads).toBe(2)
    await page.getByTestId("error-page").waitFor()
    await page.waitForTimeout(1000)
    expect(loads).toBe(2)
    expect(await page.evaluate(() => sessionStorage.getItem("tidings:chunk_reload"))).toBe("1")
    const href = await page.getByTestId("error-submit-issue").getAttribute("href")
    const url = new URL(href ?? "")
    expect(`${url.origin}${url.pathname}`).toBe(`${fixtures.origin}/issues/new`)
    const params = Object.fromEntries(url.searchParams)
    const userAgent = await page.evaluate(() => navigator.userAgent)
    const sessionId = await page.evaluate(() => sessionStorage.getItem("tidings:session_id"))
    expect(params).toMatchObject({
      labels: "bug",
      appVersion: "0.7.0",
      os: "Linux",
      userAgent,
      environment: "web",
      mode: "production",
      sessionTraceId: sessionId,
    })
    expect(params.browser).toMatch(/^Chrome \d+/)
    expect(params.errorTraceId).toMatch(/^[\w-]{21}$/)
    expect(params.body).toContain(`Error trace id: ${params.errorTraceId}`)
    expect(await shootBoth(page, "error-page")).toEqual([])

    // "Reset local database" clears what this app keeps in the browser (its storage keys, caches and the local
    // database) and starts again from the home page.
    await page.evaluate(async () => {
      localStorage.setItem("tidings:test_marker", "kept?")
      await (await caches.open("tidings-test-cache")).put("/marker", new Response("x"))
    })
    await page.getByRole("button", { name: "Reset Local Database" }).click()
    await page.waitForURL((url) => url.pathname !== "/no/such/page")
    await page.waitForLoadState()
    expect(
      await page.evaluate(async () => ({
        marker: localStorage.getItem("tidings:test_marker"),
        caches: (await caches.keys()).includes("tidings-test-cache"),
      })),
    ).toEqual({ marker: null, caches: false })

    // Without a tracker configured the report is offered to copy, with no link.
    await page.goto(`${bare.origin}/no/such/page`)
    await page.getByTestId("error-copy-report").waitFor()
    expect(await page.getByTestId("error-submit-issue").count()).toBe(0)
    expect(await page.getByTestId("error-report").textContent()).toContain("Error trace id: ")
    await page.context().close()
    // Pages closed on purpose above may abort loads; only errors thrown inside pages count.
    expect(pageErrors.filter((message) => !message.includes("dynamically imported module"))).toEqual([])
  })
})
