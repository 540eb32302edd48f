// Rules every screenshot of the evidence obeys, checked where it is taken: at phone width (≤ 390 px)
// nothing scrolls sideways. Screenshots land in .artifacts/screenshots/<suite>/.
import { mkdirSync } from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { repoRoot } from "./app-server.ts"
import { seriousViolations } from "./axe.ts"

export const PHONE_WIDTH = 390
export const screenshotsRoot = path.join(repoRoot, ".artifacts/screenshots")

/** Why the page scrolls sideways at phone width (the widest element named), or null when it does not. */
export async function phoneOverflow(page: Page): Promise<string | null> {
  const width = page.viewportSize()?.width ?? 0
  if (width > PHONE_WIDTH) return null
  return page.evaluate((width) => {
    const scrollWidth = document.documentElement.scrollWidth
    if (scrollWidth <= width) return null
    const widest = [...document.querySelectorAll<HTMLElement>("body *")].sort(
      (a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right,
    )[0]
    const name = widest ? `${widest.tagName.toLowerCase()}.${widest.className}`.slice(0, 120) : "?"
    return `scrollWidth ${scrollWidth} > ${width} (widest: ${name})`
  }, width)
}

/** Throws when the page scrolls sideways at phone width, naming the screenshot. */
export async function expectNoPhoneOverflow(page: Page, name: string): Promise<void> {
  const problem = await phoneOverflow(page)
  if (problem) throw new Error(`${name}: the page scrolls sideways at phone width: ${problem}`)
}

/**
 * The screen at 1280 × 800 and at phone size, each screenshotted whole into `dir` (failing when the phone size
 * scrolls sideways), with the serious axe problems of both returned as readable lines.
 */
export async function shootBothSizes(page: Page, dir: string, name: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true })
  const problems: string[] = []
  for (const [width, height] of [
    [1280, 800],
    [PHONE_WIDTH, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.waitForTimeout(300)
    // Crossing the phone breakpoint mounts another layout, whose code may load on demand: shoot it once drawn.
    await domQuiet(page)
    await expectNoPhoneOverflow(page, name)
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true })
    if (!(await page.evaluate(() => document.body.innerText.trim().length)))
      problems.push(`${name}@${width}: blank page`)
    for (const v of await seriousViolations(page)) problems.push(`${name}@${width} ${v.id}: ${v.targets.join(", ")}`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  // Crossing the phone breakpoint remounts layouts: let that settle, or the caller's next step lands on a screen
  // that is about to be replaced (a file chosen in an input that then disappears).
  await page.waitForTimeout(300)
  return problems
}

/** Resolves once the page's DOM has not changed for 200 ms (at most 3 s), with some text on it. */
async function domQuiet(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const started = performance.now()
        let timer: ReturnType<typeof setTimeout> | undefined
        const done = () => {
          if (!document.body.innerText.trim() && performance.now() - started < 3000) return arm()
          observer.disconnect()
          resolve()
        }
        const arm = () => {
          clearTimeout(timer)
          timer = setTimeout(done, performance.now() - started > 3000 ? 0 : 200)
        }
        const observer = new MutationObserver(arm)
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
        arm()
      }),
  )
}

/** ms from navigation start until the sidebar's counts and the timeline's first rows are on screen. */
export function shownAt(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const check = () =>
          document.querySelector('[data-testid="entry-row"]') && document.querySelector('[data-testid="unread-count"]')
            ? resolve(performance.now())
            : requestAnimationFrame(check)
        check()
      }),
  )
}
