// Chromium through playwright-core: CHROME_PATH, else the system's /usr/bin/chromium, else the binary that the
// @sparticuz/chromium package ships (unpacked to the temp folder), so a fresh machine needs no browser install.
import { existsSync, mkdirSync, rmSync } from "node:fs"
import path from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { expectNoPhoneOverflow, screenshotsRoot } from "./evidence.ts"

export const screenshotDir = path.join(screenshotsRoot, "reader")

export async function launchBrowser(): Promise<Browser> {
  const executablePath =
    process.env.CHROME_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : await packagedChromium())
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })
}

async function packagedChromium(): Promise<string> {
  const { default: packaged } = await import("@sparticuz/chromium")
  return packaged.executablePath()
}

/** Starts each run with an empty folder, so no picture from an older run lingers. */
export function resetScreenshots(): void {
  rmSync(screenshotDir, { recursive: true, force: true })
  mkdirSync(screenshotDir, { recursive: true })
}

/** Waits for finite CSS transitions and animations (colour changes, pop-ins) to end, so pictures are stable. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  )
  await expectNoPhoneOverflow(page, name)
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}
