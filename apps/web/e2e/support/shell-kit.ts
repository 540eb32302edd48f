// Helpers for the shell's browser tests: a signed-up user, subscriptions through the API, screenshots into a
// chosen folder and axe-core run inside the page.
import { mkdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import path from "node:path"
import type { Page } from "playwright-core"
import { expectNoPhoneOverflow, screenshotsRoot } from "./evidence.ts"

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")

export const shotsDir = process.env.SHELL_SHOTS_DIR ?? path.join(screenshotsRoot, "shell")

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true })
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  )
  const size = page.viewportSize()
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(shotsDir, `${name}-${size?.width ?? 0}.png`) })
}

/** Serious and critical axe violations on the page as it is now, as "rule: target" lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script.
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] })
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)
  })
}

export async function signUp(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/login`)
  await page.getByTestId("login-switch-mode").click()
  await page.getByTestId("login-name").fill("Kim Keys")
  await page.getByTestId("login-email").fill(email)
  await page.getByTestId("login-password").fill("correct-horse-battery")
  await page.getByTestId("login-submit").click()
  await page.waitForURL(/\/timeline\//)
}

/** POST /subscriptions from inside the page, so the session cookie goes along. */
export async function subscribe(page: Page, url: string, view = 0): Promise<string> {
  return page.evaluate(
    async ([feedUrl, feedView]) => {
      const res = await fetch("/subscriptions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: feedUrl, view: feedView }),
      })
      const answer = await res.json()
      if (!res.ok) throw new Error(JSON.stringify(answer))
      return answer.feed.id as string
    },
    [url, view] as const,
  )
}

export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

/** Boxes that scroll sideways at this width (the page itself included); code blocks and tables may. */
export const sidewaysScrollers = (page: Page) =>
  page.evaluate(() =>
    [document.documentElement, ...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        if (element.closest("pre, table")) return false
        const overflowX = getComputedStyle(element).overflowX
        const scrolls = element === document.documentElement || overflowX === "auto" || overflowX === "scroll"
        return scrolls && element.scrollWidth > element.clientWidth + 1
      })
      .map((element) => {
        // Name the widest thing inside too, so a failure says what sticks out.
        const widest = [...element.querySelectorAll<HTMLElement>("*")].sort(
          (a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right,
        )[0]
        const inner = widest ? ` > ${widest.tagName.toLowerCase()}.${widest.className}` : ""
        return `${element.tagName.toLowerCase()}.${element.className}${inner}`.slice(0, 200)
      }),
  )
