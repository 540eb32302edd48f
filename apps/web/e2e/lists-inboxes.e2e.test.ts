import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { signUp, subscribe } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "lists-inboxes")

let fixtures: FixtureServer
let server: AppServer
let browser: Browser
let owner: Page
let reader: Page
let listId = ""
const pageErrors: string[] = []

const shootBoth = (page: Page, name: string) => shootBothSizes(page, shotsDir, name)

const confirmOpenDialog = (page: Page) => page.locator("dialog[open]").getByTestId("confirm-dialog-confirm").click()

async function newUser(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, email)
  return page
}

beforeAll(async () => {
  fixtures = await startFixtureServer()
  server = await startAppServer()
  browser = await launchBrowser()
  owner = await newUser(`owner-${Date.now()}@example.com`)
  await subscribe(owner, `${fixtures.origin}/feed.xml`)
  reader = await newUser(`reader-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("lists", () => {
  it("are made on the lists page, take a feed from the owner's subscriptions, and can be edited", async () => {
    await owner.goto(`${server.origin}/settings/list`)
    await owner.getByTestId("list-new").click()
    await owner.getByTestId("list-title").fill("   ")
    await owner.getByTestId("list-submit").click()
    expect(await owner.getByTestId("list-form").getByRole("alert").textContent()).toBe(
      "Give the list a title (at most 200 characters).",
    )
    await owner.getByTestId("list-title").fill("Harbour reading")
    await owner.getByTestId("list-description").fill("Feeds about slow reading on the water.")
    await owner.getByTestId("list-submit").click()
    const card = owner.getByTestId("list-card")
    await card.waitFor()
    listId = (await card.getAttribute("data-list-id")) ?? ""
    expect(listId).toMatch(/^\d{13,19}$/)

    expect(await owner.getByTestId("list-add-pick").locator("option").allTextContents()).toEqual(["Fixture Notes"])
    await owner.getByTestId("list-add-pick-submit").click()
    await expect.poll(() => card.getByTestId("list-feed-title").allTextContents()).toEqual(["Fixture Notes"])
    // The only subscription is in the list now, so there is nothing left to pick.
    await owner.getByTestId("list-add-pick").waitFor({ state: "detached" })
    // A feed nobody here follows goes in by its address.
    await owner.getByTestId("list-add-reference").fill("not a feed")
    await owner.getByTestId("list-add-reference-submit").click()
    expect(await card.getByRole("alert").last().textContent()).toBe(
      "Enter a feed ID (13 to 19 digits) or a feed's web address.",
    )
    await owner.getByTestId("list-add-reference").fill(`${fixtures.origin}/site/field-notes.xml`)
    await owner.getByTestId("list-add-reference-submit").click()
    await expect.poll(() => card.getByTestId("list-feed-title").count(), { timeout: 15_000 }).toBe(2)
    expect(await owner.getByTestId("list-add-reference").inputValue()).toBe("")
    // Fetched in the background; the page asks again until it has its title.
    await expect
      .poll(() => card.getByTestId("list-feed-title").allTextContents(), { timeout: 20_000 })
      .toContain("Field Notes")

    await owner.getByTestId("list-edit").click()
    await owner.getByTestId("list-title").fill("Harbour reading list")
    await owner.getByTestId("list-submit").click()
    await expect.poll(() => owner.getByTestId("list-card-title").textContent()).toBe("Harbour reading list")
    expect(await shootBoth(owner, "lists-page")).toEqual([])
    // The edit reached the server, not just the cache.
    await owner.reload()
    await expect.poll(() => owner.getByTestId("list-card-title").textContent()).toBe("Harbour reading list")
  })

  it("has a public page where another user subscribes and then reads its entries", async () => {
    await reader.goto(`${server.origin}/share/lists/${listId}`)
    await reader.getByTestId("public-list").waitFor()
    expect(await reader.getByRole("heading", { level: 1 }).textContent()).toBe("Harbour reading list")
    expect(await reader.getByTestId("public-list").textContent()).toContain("Feeds about slow reading on the water.")
    expect(await reader.getByTestId("public-list-meta").textContent()).toBe(
      "By Kim Keys · Articles · Free · 0 subscribers",
    )
    expect(await reader.getByTestId("public-list-feeds").textContent()).toContain("Fixture Notes")
    expect(await shootBoth(reader, "public-list")).toEqual([])

    // Someone else's list is theirs alone to change (8001), and none of it shows among the reader's own lists.
    const attempt = await reader.evaluate(async (id) => {
      const res = await fetch("/lists", {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ listId: id, title: "Taken over" }),
      })
      const own = await fetch("/lists/list").then((r) => r.json())
      return { status: res.status, code: (await res.json()).code, own: own.data.length }
    }, listId)
    expect(attempt).toEqual({ status: 403, code: 8001, own: 0 })

    await reader.getByTestId("public-list-subscribe").click()
    await reader.getByTestId("public-list-subscribed").waitFor()
    expect(await reader.getByTestId("public-list-meta").textContent()).toContain("1 subscriber")
    await reader.getByTestId("public-list-open").click()
    await reader.waitForURL(new RegExp(`/timeline/view-0/list-${listId}/`))
    await expect.poll(() => reader.getByTestId("timeline-title").textContent()).toBe("Harbour reading list")
    await expect.poll(() => reader.getByTestId("entry-row").count(), { timeout: 15_000 }).toBeGreaterThan(0)
    expect(await reader.getByTestId("entry-row").allTextContents()).toContainEqual(
      expect.stringContaining("Why I still read the web through feeds"),
    )
  })

  it("cannot be deleted while someone follows it: the catalogue's reason shows and the list comes back", async () => {
    await owner.goto(`${server.origin}/settings/list`)
    await owner.getByTestId("list-card").waitFor()
    await owner.getByTestId("list-delete").click()
    await confirmOpenDialog(owner)
    await expect
      .poll(() => owner.getByTestId("list-delete-error").textContent())
      .toBe("Cannot delete a list with subscriptions.")
    expect(await owner.getByTestId("list-card-title").textContent()).toBe("Harbour reading list")
  })
})

describe("inboxes", () => {
  let secret = ""
  let webhook = ""

  it("are made with a handle checked before and after asking the server", async () => {
    await owner.goto(`${server.origin}/inboxes`)
    await owner.getByTestId("inbox-handle").fill("harbour news")
    await owner.getByTestId("inbox-create").click()
    expect(await owner.getByTestId("inbox-problem").textContent()).toBe("Use only a–z, 0–9, “-”, “_” and “.”.")

    await owner.getByTestId("inbox-handle").fill("Harbour-News")
    await owner.getByTestId("inbox-name").fill("Harbour news")
    await owner.getByTestId("inbox-create").click()
    const card = owner.locator('[data-testid="inbox-card"][data-handle="harbour-news"]')
    await card.getByTestId("inbox-secret").waitFor()
    expect(await owner.getByTestId("inbox-problem").textContent()).toBe("")
    expect(await card.getByTestId("inbox-title").textContent()).toBe("Harbour news")
    expect(await card.getByTestId("inbox-email").textContent()).toBe("harbour-news@inbox.tidings.local")
    secret = (await card.getByTestId("inbox-secret").getAttribute("data-value")) ?? ""
    webhook = (await card.getByTestId("inbox-webhook").getAttribute("data-value")) ?? ""
    expect(secret.length).toBeGreaterThan(16)
    expect(webhook).toBe(`${server.origin}/inboxes/webhook?handle=harbour-news`)
    // The secret stays hidden until asked for.
    expect(await card.getByTestId("inbox-secret").textContent()).not.toContain(secret)

    // The same handle again: the server's answer, in the catalogue's words, and no second card stays.
    await owner.getByTestId("inbox-handle").fill("harbour-news")
    await owner.getByTestId("inbox-create").click()
    await expect.poll(() => owner.getByTestId("inbox-problem").textContent()).toBe("Inbox already exists")
    await expect.poll(() => owner.getByTestId("inbox-card").count()).toBe(1)
    // Typing again clears the message.
    await owner.getByTestId("inbox-handle").fill("")
    expect(await owner.getByTestId("inbox-problem").textContent()).toBe("")
    expect(await shootBoth(owner, "inbox-page")).toEqual([])
  })

  it("take a webhook entry from an outside service with the secret, refuse one without it", async () => {
    const post = (headers: Record<string, string>, title: string) =>
      fetch(webhook, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({
          guid: `hook-${title}`,
          publishedAt: new Date().toISOString(),
          title,
          content: "<p>The parcel arrived at the harbour office this morning.</p>",
        }),
      }).then(async (res) => ({ status: res.status, code: (await res.json()).code }))
    expect(await post({ "x-inbox-secret": "not-the-secret" }, "Forged parcel")).toEqual({ status: 403, code: 10003 })
    expect(await post({ "x-inbox-secret": secret }, "Parcel delivered to the harbour")).toEqual({
      status: 200,
      code: 0,
    })
  })

  it("shows the entry in the inbox timeline, where it is read and deleted", async () => {
    await owner.getByTestId("inbox-open").click()
    await owner.waitForURL(/\/timeline\/view-0\/inbox-harbour-news\//)
    await expect.poll(() => owner.getByTestId("timeline-title").textContent()).toBe("Harbour news")
    const row = owner.getByTestId("entry-row")
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    expect(await row.textContent()).toContain("Parcel delivered to the harbour")
    expect(await row.textContent()).not.toContain("Forged parcel")
    await row.click()
    await expect.poll(() => owner.getByTestId("entry-title").textContent()).toBe("Parcel delivered to the harbour")
    await expect
      .poll(() => owner.getByTestId("entry-detail").textContent())
      .toContain("The parcel arrived at the harbour office")
    expect(await shootBoth(owner, "inbox-timeline")).toEqual([])

    await owner.getByTestId("inbox-entry-delete").click()
    await confirmOpenDialog(owner)
    await expect.poll(() => row.count()).toBe(0)
    await owner.reload()
    await owner.getByTestId("timeline-title").waitFor()
    await owner.waitForTimeout(500)
    expect(await row.count()).toBe(0)
    const left = await owner.evaluate(() =>
      fetch("/entries/inbox", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ inboxId: "harbour-news" }),
      }).then((res) => res.json()),
    )
    expect(left.data).toEqual([])
  })

  it("are renamed and deleted from the inboxes page", async () => {
    await owner.goto(`${server.origin}/inboxes`)
    await owner.getByTestId("inbox-rename").click()
    await owner.getByTestId("inbox-rename-title").fill("Harbour post")
    await owner.getByTestId("inbox-rename-submit").click()
    await expect.poll(() => owner.getByTestId("inbox-title").textContent()).toBe("Harbour post")
    await owner.getByTestId("inbox-delete").click()
    await confirmOpenDialog(owner)
    await expect.poll(() => owner.getByTestId("inbox-card").count()).toBe(0)
    await owner.reload()
    await owner.getByTestId("inbox-form").waitFor()
    await owner.waitForTimeout(500)
    expect(await owner.getByTestId("inbox-card").count()).toBe(0)
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
