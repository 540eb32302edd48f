// Rules every screenshot of the evidence obeys, checked where it is taken: at phone width (≤ 390 px)
// nothing scrolls sideways. Screenshots land in .artifacts/screenshots/<suite>/.
import path from "node:path"
import type { Page } from "playwright-core"
import { repoRoot } from "./app-server.ts"

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
