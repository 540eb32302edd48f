// ja and zh-TW runs of the main flow show no English string of the client: every namespace's English texts (app,
// common, views, errors) are looked for in what the client itself draws — the shell, the entry and its menu, the
// palette, the add dialog and the audio player — at both sizes. Also ?lng= detection, <html lang>, the language kept
// for the next visit and the user menu's switch.
// Run: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/languages.e2e.test.ts
import { readdirSync, readFileSync } from "node:fs"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type FixtureServer, startFixtureServer } from "./support/fixture-server.ts"
import { type MediaFixtures, startMediaFixtures } from "./support/media-fixtures.ts"
import { setSettings } from "./support/settings.ts"
import { shot, signUp, subscribe } from "./support/shell-kit.ts"

const LANGUAGES = ["ja", "zh-TW"]
const localesDir = new URL("../src/i18n/locales/", import.meta.url)
const namespaces = readdirSync(new URL("en/", localesDir)).map((file) => file.replace(/\.json$/, ""))
const readLocale = (lang: string, ns: string) =>
  JSON.parse(readFileSync(new URL(`${lang}/${ns}.json`, localesDir), "utf8")) as Record<string, string>

let fixtures: FixtureServer
let media: MediaFixtures
let server: AppServer
let browser: Browser
let page: Page
let feedId = ""
/** Texts that come from the feeds (titles, authors), not from the client: an English UI word inside them is fine. */
let content: string[] = []
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const mod = process.platform === "darwin" ? "Meta" : "Control"

/** Keys whose text is the same in every language (the product's name, RSSHub's name). */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "app:brand",
  "discover:nav.rsshub",
  "discover:rsshub.title",
  // A test notification's title: the product's name.
  "integrations:notifications.test.title",
])

/**
 * The English texts of every namespace, split at their interpolations ("{{count}} unread" → "unread"); a string a
 * language left untranslated is found too. Pieces of three letters or fewer say too little to look for.
 */
function englishWords(): string[] {
  return namespaces.flatMap((ns) =>
    Object.entries(readLocale("en", ns))
      .filter(([key]) => !SAME_IN_EVERY_LANGUAGE.has(`${ns}:${key}`))
      .flatMap(([, text]) => text.split(/{{[^}]*}}/).map((piece) => piece.trim()))
      .filter((piece) => /\p{L}{4}/u.test(piece) && !content.some((text) => text.includes(piece))),
  )
}

/** What the client draws in these regions: text, and the aria-label / title / placeholder of everything inside. */
const drawnText = (selectors: string) =>
  page.evaluate(
    (selectors) =>
      [...document.querySelectorAll(selectors)]
        .flatMap((element) => [
          element.textContent ?? "",
          ...[element, ...element.querySelectorAll("[aria-label], [title], [placeholder]")].flatMap((node) => [
            node.getAttribute("aria-label") ?? "",
            node.getAttribute("title") ?? "",
            node.getAttribute("placeholder") ?? "",
          ]),
        ])
        .join("\n"),
    selectors,
  )

async function expectNoEnglish(lang: string, where: string, selectors: string) {
  // The search syntax the palette teaches (is:unread, feed:…) is typed as written in every language.
  const text = (await drawnText(selectors)).replace(/\b(?:is|feed|view|before|after):\S+/g, "")
  expect(text.trim().length, `${lang} ${where}: nothing drawn`).toBeGreaterThan(0)
  expect(
    englishWords().filter((word) => text.includes(word)),
    `${lang} ${where}`,
  ).toEqual([])
}

async function blur() {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
}

const SHELL = "[data-testid=tab-bar], header, [role=toolbar], [data-testid=drawer], [data-testid=sidebar]"

beforeAll(async () => {
  fixtures = await startFixtureServer()
  media = await startMediaFixtures()
  server = await startAppServer()
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `languages-${Date.now()}@example.com`)
  feedId = await subscribe(page, `${fixtures.origin}/feed.xml`)
  await subscribe(page, `${media.origin}/podcast.xml`, 4)
  // Read entries stay listed, whatever the other steps read.
  await setSettings(page, { general: { unreadOnly: false } })
  content = await page.evaluate(async () => {
    const subs = (await fetch("/subscriptions").then((res) => res.json())).data as { feeds: { title: string } }[]
    const entries = (
      await fetch("/entries", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then(
        (res) => res.json(),
      )
    ).data as { entries: { title: string | null; author: string | null } }[]
    return [
      ...subs.map((sub) => sub.feeds.title),
      ...entries.flatMap((item) => [item.entries.title ?? "", item.entries.author ?? ""]),
    ].filter(Boolean)
  })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
  await media?.close()
})

describe("languages", () => {
  for (const lang of LANGUAGES) {
    it(`shows no English string of the client in ${lang}, on a phone and a desktop`, async () => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${server.origin}/timeline/view-0/${feedId}/pending?lng=${lang}`)
      await byTestId("tab-bar").waitFor()
      await byTestId("entry-row").first().waitFor()
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang)
      await expectNoEnglish(lang, "phone timeline", SHELL)
      await byTestId("open-drawer").click()
      await byTestId("drawer").getByTestId("sidebar").waitFor()
      await expectNoEnglish(lang, "phone drawer", SHELL)
      await page.keyboard.press("Escape")
      await byTestId("entry-row").first().click()
      await byTestId("entry-detail").waitFor()
      await expectNoEnglish(lang, "phone entry", `${SHELL}, [data-testid=entry-detail] > div:first-child`)
      await shot(page, `entry-${lang}`)

      await page.setViewportSize({ width: 1280, height: 800 })
      await byTestId("sidebar").waitFor()
      await expectNoEnglish(lang, "desktop shell", SHELL)
      await byTestId("entry-more").click()
      await page.getByRole("menu").waitFor()
      await expectNoEnglish(lang, "the entry's more menu", "[role=menu]")
      await page.keyboard.press("Escape")

      await blur()
      await page.keyboard.press(`${mod}+k`)
      await byTestId("palette-input").waitFor()
      await expectNoEnglish(lang, "palette", "[data-testid=command-palette]")
      await shot(page, `palette-${lang}`)
      await page.keyboard.press("Escape")
      await byTestId("command-palette").waitFor({ state: "detached" })

      await blur()
      await page.keyboard.press(`${mod}+n`)
      await byTestId("add-feed-dialog").waitFor()
      await byTestId("add-feed-url").fill("rsshub://a/b")
      await expectNoEnglish(lang, "add dialog", "[data-testid=add-feed-dialog]")
      await shot(page, `add-source-${lang}`)
      await page.keyboard.press("Escape")
      await byTestId("add-feed-dialog").waitFor({ state: "detached" })

      await page.goto(`${server.origin}/timeline/view-4/all/pending?lng=${lang}`)
      await byTestId("audio-play").first().click()
      await expect.poll(() => byTestId("audio-player").getAttribute("data-status"), { timeout: 15_000 }).toBe("playing")
      await expectNoEnglish(
        lang,
        "audio list and player",
        `${SHELL}, [data-testid=audio-player], [data-testid=audio-row]`,
      )
      await shot(page, `player-${lang}`)
      await byTestId("player-close").click()
    })
  }

  it("keeps the language asked for in the address for the next visit, and switches from the user menu", async () => {
    await page.goto(`${server.origin}/timeline/view-0/all/pending?lng=zh-TW`)
    await byTestId("entry-row").first().waitFor()
    // Local storage comes second in the detection order.
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("entry-row").first().waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-TW")
    await page.goto(`${server.origin}/timeline/view-0/all/pending?lng=en`)
    await page.setViewportSize({ width: 1280, height: 800 })
    await byTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "日本語" }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja")
    await expect
      .poll(() => byTestId("timeline-title").textContent())
      .toBe(readLocale("ja", "app")["feed_view_type.articles"])
    await byTestId("user-menu").click()
    await page.getByRole("menuitem", { name: "English" }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("en")
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
