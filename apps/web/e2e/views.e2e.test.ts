// Every content view end to end: a real server, loopback feeds per view (articles, untitled social posts, pictures,
// videos with media:thumbnail, a podcast with generated WAV files) and Chromium. Also the gallery, the video modal,
// the floating audio player (plays, survives a reload, yields to a video with sound), screenshots and axe.
// Run with: node scripts/build-web.mjs && cd apps/web && npx vitest run -c vitest.e2e.config.ts e2e/views.e2e.test.ts
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { type MediaFixtures, startMediaFixtures } from "./support/media-fixtures.ts"
import { recordWebm, shootBoth as shootBothOf } from "./support/views-helpers.ts"

const EMAIL = `views-${Date.now()}@example.com`
const PASSWORD = "correct-horse-battery"
const FEEDS: [string, number][] = [
  ["/articles.xml", 0],
  ["/social.xml", 1],
  ["/pictures.xml", 2],
  ["/videos.xml", 3],
  ["/podcast.xml", 4],
  ["/notifications.xml", 5],
]

let fixtures: MediaFixtures
let server: AppServer
let browser: Browser
let page: Page
const pageErrors: string[] = []
const byTestId = (id: string) => page.getByTestId(id)
const shootBoth = (name: string) => shootBothOf(page, name)

async function openView(view: number) {
  await byTestId(`view-tab-${view}`).click()
  await page.waitForURL(new RegExp(`/timeline/view-${view}/`))
}

const audioTime = () =>
  page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.currentTime ?? -1)
const playerStatus = () => byTestId("audio-player").getAttribute("data-status")

beforeAll(async () => {
  fixtures = await startMediaFixtures()
  server = await startAppServer()
  browser = await launchBrowser()
  fixtures.setVideo(await recordWebm(browser))
  page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page.on("pageerror", (error) => pageErrors.push(error.message))
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await fixtures?.close()
})

describe("views", () => {
  it("signs up and subscribes one loopback feed per view", async () => {
    await page.goto(`${server.origin}/login`)
    await byTestId("login-switch-mode").click()
    await byTestId("login-name").fill("Vera Viewer")
    await byTestId("login-email").fill(EMAIL)
    await byTestId("login-password").fill(PASSWORD)
    await byTestId("login-submit").click()
    await page.waitForURL(/\/timeline\//)
    for (const [feed, view] of FEEDS) {
      const status = await page.evaluate(
        async ({ url, view }) => {
          const res = await fetch("/subscriptions", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ url, view }),
          })
          return `${res.status} ${await res.text()}`
        },
        { url: `${fixtures.origin}${feed}`, view },
      )
      expect(status).toMatch(/^200 /)
    }
    await page.goto(`${server.origin}/timeline/view-0/all/pending`)
    await byTestId("view-tab-4").waitFor()
  })

  it("lists articles with source, time, title, summary and a thumbnail when the entry has a picture", async () => {
    await byTestId("entry-row").first().waitFor()
    const first = byTestId("entry-row").first()
    expect(await first.textContent()).toContain("Harbour Articles")
    expect(await first.textContent()).toContain("Article number 1")
    expect(await first.locator("time").count()).toBe(1)
    expect(await first.getByTestId("entry-thumbnail").count()).toBe(1)
    expect(await byTestId("entry-row").nth(1).getByTestId("entry-thumbnail").count()).toBe(0)
    expect(await shootBoth("articles")).toEqual([])
  })

  it("shows social posts as cards without an Untitled line, collapsing the long one", async () => {
    await openView(1)
    await byTestId("social-card").first().waitFor()
    const cards = byTestId("social-card")
    expect(await cards.count()).toBeGreaterThan(3)
    const texts = await cards.allTextContents()
    for (const text of texts) expect(text).not.toContain("Untitled")
    expect(texts[0]).toContain("Marta Quay")
    expect(texts[0]).toContain("Post 1 from the quay")
    const more = cards.first().getByTestId("social-show-more")
    expect(await more.getAttribute("aria-expanded")).toBe("false")
    const collapsed = await cards
      .first()
      .getByTestId("social-text")
      .evaluate((el) => el.clientHeight)
    await more.click()
    expect(await more.getAttribute("aria-expanded")).toBe("true")
    const expanded = await cards
      .first()
      .getByTestId("social-text")
      .evaluate((el) => el.clientHeight)
    expect(expanded).toBeGreaterThan(collapsed)
    // The card shows the post itself (withContent), not the server's shortened description.
    const full = (await cards.first().getByTestId("social-text").textContent()) ?? ""
    expect(full.length).toBeGreaterThan(600)
    expect(full.trim().endsWith("pier.")).toBe(true)
    expect(await cards.first().getByTestId("social-pictures").locator("img").count()).toBe(3)
    expect(await cards.nth(1).getByTestId("social-show-more").count()).toBe(0)
    expect(await shootBoth("social")).toEqual([])
  })

  it("opens a post's pictures in the gallery", async () => {
    await byTestId("social-card").first().getByTestId("social-pictures").locator("button").nth(1).click()
    await byTestId("gallery").waitFor()
    expect(await byTestId("gallery-position").textContent()).toBe("2 / 3")
    await page.keyboard.press("Escape")
    await byTestId("gallery").waitFor({ state: "detached" })
  })

  it("shows pictures in a masonry grid and pages through them in the gallery with keys, swipes and zoom", async () => {
    await openView(2)
    await byTestId("picture-card").first().waitFor()
    // Masonry: cards of one column have different heights, and there is more than one column.
    const boxes = await byTestId("picture-card").evaluateAll((cards) =>
      cards.map((card) => {
        const rect = card.getBoundingClientRect()
        return { left: Math.round(rect.left), height: Math.round(rect.height) }
      }),
    )
    expect(new Set(boxes.map((b) => b.left)).size).toBeGreaterThan(1)
    expect(new Set(boxes.map((b) => b.height)).size).toBeGreaterThan(1)
    // A long title wraps onto a second line inside the caption instead of ending after its first words.
    const caption = await byTestId("picture-card")
      .first()
      .locator("figcaption")
      .evaluate((figure) => {
        const title = figure.querySelector("span[title]") as HTMLElement
        const box = figure.getBoundingClientRect()
        const text = title.getBoundingClientRect()
        return { lines: Math.round(text.height / 16), inside: text.bottom <= box.bottom + 0.5 }
      })
    expect(caption).toEqual({ lines: 2, inside: true })
    // A picture is drawn once decoded (media-grid/fling.tsx): hidden until then, shown after.
    await expect.poll(() => byTestId("picture-card").first().locator("img").isVisible()).toBe(true)
    expect(await shootBoth("pictures")).toEqual([])

    await byTestId("picture-card").first().locator("button").click()
    await byTestId("gallery").waitFor()
    const position = () => byTestId("gallery-position").textContent()
    expect(await position()).toBe("1 / 3")
    await page.keyboard.press("ArrowRight")
    expect(await position()).toBe("2 / 3")
    await page.keyboard.press("ArrowLeft")
    await page.keyboard.press("ArrowLeft")
    expect(await position()).toBe("3 / 3")
    // A leftward swipe moves to the next picture (wrapping to the first).
    const image = await byTestId("gallery-image").boundingBox()
    if (!image) throw new Error("no gallery image")
    const y = image.y + image.height / 2
    await page.mouse.move(image.x + image.width * 0.8, y)
    await page.mouse.down()
    await page.mouse.move(image.x + image.width * 0.2, y, { steps: 5 })
    await page.mouse.up()
    expect(await position()).toBe("1 / 3")
    await byTestId("gallery-zoom").click()
    expect(await byTestId("gallery-image").getAttribute("data-zoomed")).toBe("true")
    expect(await shootBoth("gallery")).toEqual([])
    await page.keyboard.press("Escape")
    await byTestId("gallery").waitFor({ state: "detached" })
  })

  it("lists podcast episodes with durations and plays one in the floating player", async () => {
    await openView(4)
    await byTestId("audio-row").first().waitFor()
    expect(await byTestId("audio-duration").first().textContent()).toBe("0:20")
    await byTestId("audio-play").first().click()
    await byTestId("audio-player").waitFor()
    await expect.poll(playerStatus, { timeout: 15_000 }).toBe("playing")
    await expect.poll(audioTime, { timeout: 15_000 }).toBeGreaterThan(1.5)
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.volume),
    ).toBeCloseTo(0.8)
    await expect.poll(() => byTestId("player-duration").textContent()).toBe("0:20")
    // Hardware media keys and the system's media controls see the episode (Media Session API).
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe("Episode 1: Sounds of the harbour")
    expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("playing")
    expect(await shootBoth("audio-player")).toEqual([])
  })

  it("keeps playing while the reader opens other entries and views", async () => {
    await openView(0)
    await byTestId("entry-row").nth(2).click()
    await byTestId("entry-detail").waitFor()
    const before = await audioTime()
    await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(before + 1)
    expect(await playerStatus()).toBe("playing")
  })

  it("skips back 15 s and forward 30 s, never past either end, and changes the rate", async () => {
    await byTestId("player-back").click()
    expect(await audioTime()).toBeLessThan(1.5)
    await byTestId("player-forward").click()
    // 30 s forward in a 20 s track stops at its end.
    await expect.poll(audioTime).toBeCloseTo(20, 0)
    await expect.poll(playerStatus).toBe("paused")
    await byTestId("player-back").click()
    await expect.poll(audioTime).toBeCloseTo(5, 0)
    await byTestId("player-toggle").click()
    await expect.poll(playerStatus).toBe("playing")
    await byTestId("player-rate").click()
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.playbackRate),
    ).toBe(1.25)
    for (let i = 0; i < 6; i++) await byTestId("player-rate").click()
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.playbackRate),
    ).toBe(1)
  })

  it("keeps the position across a reload, paused", async () => {
    await expect.poll(playerStatus).toBe("playing")
    await page.waitForTimeout(1500)
    const saved = await page.evaluate(
      () => JSON.parse(localStorage.getItem("tidings:player") ?? "{}") as { currentTime: number; status: string },
    )
    expect(saved.currentTime).toBeGreaterThan(1)
    // The position is written about once a second while playing.
    const readSaved = () =>
      page.evaluate(
        () => (JSON.parse(localStorage.getItem("tidings:player") ?? "{}") as { currentTime: number }).currentTime,
      )
    const first = await readSaved()
    await page.waitForTimeout(1100)
    const second = await readSaved()
    expect(second - first).toBeGreaterThan(0.3)
    expect(second - first).toBeLessThan(2.5)
    await page.reload()
    await byTestId("audio-player").waitFor()
    expect(await playerStatus()).toBe("paused")
    await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(saved.currentTime - 0.01)
    expect(await byTestId("player-time").textContent()).not.toBe("0:00")
    await byTestId("player-toggle").click()
    await expect.poll(playerStatus).toBe("playing")
  })

  it("shows videos with posters and durations, previews on hover, and pauses the audio while a video plays", async () => {
    await openView(3)
    await byTestId("video-card").first().waitFor()
    expect(await byTestId("video-duration").first().textContent()).toBe("1:05")
    expect(await byTestId("video-card").first().locator("img").getAttribute("src")).toContain("/img/0.svg")
    await expect.poll(() => byTestId("video-card").first().locator("img").isVisible()).toBe(true)
    // The ratio query sizes the second card's box (square).
    const second = await byTestId("video-card").nth(1).locator("button").boundingBox()
    expect(Math.abs((second?.width ?? 0) - (second?.height ?? 1))).toBeLessThan(2)
    await byTestId("video-card").first().hover()
    await byTestId("video-preview").waitFor()
    expect(await byTestId("video-preview").evaluate((v) => (v as HTMLVideoElement).muted)).toBe(true)
    expect(await shootBoth("videos")).toEqual([])

    expect(await playerStatus()).toBe("playing")
    await byTestId("video-card").first().locator("button").click()
    await byTestId("video-modal").waitFor()
    const video = byTestId("video-element")
    await expect
      .poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3)
    await expect.poll(playerStatus).toBe("paused")
    expect(
      await page.evaluate(() => document.querySelector<HTMLAudioElement>("[data-testid=audio-element]")?.paused),
    ).toBe(true)
    // Space toggles the video; ←/→ seek 5 s.
    await page.keyboard.press(" ")
    expect(await video.evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true)
    await expect.poll(playerStatus).toBe("playing")
    // ← seeks 5 s back, never below 0.
    expect(await video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeLessThan(5)
    await page.keyboard.press("ArrowLeft")
    expect(await video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBe(0)
    await page.keyboard.press(" ")
    await expect.poll(playerStatus).toBe("paused")
    // Only a video with sound holds the audio back: muting it lets the episode go on.
    await video.evaluate((v) => {
      ;(v as HTMLVideoElement).muted = true
    })
    await expect.poll(playerStatus).toBe("playing")
    await video.evaluate((v) => {
      ;(v as HTMLVideoElement).muted = false
    })
    await expect.poll(playerStatus).toBe("paused")
    expect(await shootBoth("video-modal")).toEqual([])
    await byTestId("video-close").click()
    await byTestId("video-modal").waitFor({ state: "detached" })
    await expect.poll(playerStatus).toBe("playing")
    const resumedAt = await audioTime()
    await expect.poll(audioTime).toBeGreaterThan(resumedAt + 0.5)
  })

  it("lists notifications compactly, one line each", async () => {
    await openView(5)
    await byTestId("notification-row").first().waitFor()
    const rows = byTestId("notification-row")
    expect(await rows.count()).toBeGreaterThan(10)
    expect(await rows.first().textContent()).toContain("Build 200 passed on main")
    const height = await rows.first().evaluate((el) => el.getBoundingClientRect().height)
    expect(height).toBeLessThan(40)
    expect(await shootBoth("notifications")).toEqual([])
  })

  it("lets the last rows scroll out from under the floating player, which stays above the tab bar", async () => {
    await openView(0)
    await byTestId("entry-row").first().waitFor()
    await page.setViewportSize({ width: 390, height: 844 })
    // The phone layout mounts its own list: wait for it before scrolling.
    await page.locator('[data-layout="mobile"] [data-testid="entry-row"]').first().waitFor()
    const list = page.locator('[data-layout="mobile"] [data-testid="entry-list"]')
    // Scroll to the end until the list stops growing (the virtual list measures rows as they appear).
    await expect
      .poll(async () => {
        await list.evaluate((el) => el.scrollTo(0, el.scrollHeight))
        return list.evaluate((el) => el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 1)
      })
      .toBe(true)
    await page.waitForTimeout(200)
    const lastBottom = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[data-testid="entry-row"]')]
      return Math.max(...rows.map((row) => row.getBoundingClientRect().bottom))
    })
    const playerBox = await byTestId("audio-player").evaluate((el) => el.getBoundingClientRect().toJSON())
    // The player floats above the phone's tab bar, never over it.
    const tabBarTop = await byTestId("tab-bar").evaluate((el) => el.getBoundingClientRect().top)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(lastBottom).toBeLessThanOrEqual(playerBox.top)
    expect(playerBox.bottom).toBeLessThanOrEqual(tabBarTop)
  })

  it("raised no page errors", () => {
    expect(pageErrors).toEqual([])
  })
})
