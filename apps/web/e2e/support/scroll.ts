// Keyboard scrolling in Chromium is smooth: it goes on for a while after the key. Tests compare positions at rest.
import type { Page } from "playwright-core"

/** Resolves once the element's scroll offset has stayed put for ten frames. */
export function scrollSettled(page: Page, selector: string) {
  return page.waitForFunction(
    (selector) =>
      new Promise<boolean>((resolve) => {
        const element = document.querySelector(selector) as HTMLElement
        let last = element.scrollTop
        let still = 0
        const tick = () => {
          still = element.scrollTop === last ? still + 1 : 0
          last = element.scrollTop
          if (still >= 10) resolve(true)
          else requestAnimationFrame(tick)
        }
        requestAnimationFrame(tick)
      }),
    selector,
  )
}
