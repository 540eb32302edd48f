// axe-core inside the page: injects its source once per document and returns the serious and critical violations.
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")

export interface AxeProblem {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** The whole page by default; `include` narrows it to some regions (CSS selectors, axe's context format). */
export async function seriousViolations(page: Page, include: string[][] = [["html"]]): Promise<AxeProblem[]> {
  const injected = await page.evaluate(() => "axe" in window)
  // The app's CSP forbids inline scripts; evaluating through the DevTools protocol is not subject to it.
  if (!injected) await page.evaluate(axeSource)
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }).axe
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    }
    const result = await axe.run({ include }, { resultTypes: ["violations"] })
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact ?? "", help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }))
  }, include)
}
