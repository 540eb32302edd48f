// The user's settings as the client keeps them (local storage, stores/settings-store.ts), changed from a test
// and applied by a reload, the way a returning reader's saved choices are.
import type { Page } from "playwright-core"

const SETTINGS_KEY = "tidings:settings"

export interface SettingsPatch {
  general?: Record<string, unknown>
  ui?: Record<string, unknown>
  ai?: Record<string, unknown>
}

export async function setSettings(page: Page, patch: SettingsPatch): Promise<void> {
  // The page writes its whole settings store to local storage on each change of it, so a change landing between
  // this write and the reload (the server's newer group applied at start, say) would put the old values back:
  // the page is let settle first, and the values are checked after the reload, written again if they were lost.
  await page.waitForLoadState("networkidle")
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(
      ({ key, patch }) => {
        const saved = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}')
        saved.state.general = { ...saved.state.general, ...patch.general }
        saved.state.ui = { ...saved.state.ui, ...patch.ui }
        saved.state.ai = { ...saved.state.ai, ...patch.ai }
        // As a change made here now: newer than the server's copy, which must not replace it at the reload.
        const now = Date.now()
        saved.state.updated = {
          ...saved.state.updated,
          ...(patch.general ? { general: now } : {}),
          ...(patch.ui ? { ui: now } : {}),
          ...(patch.ai ? { ai: now } : {}),
        }
        localStorage.setItem(key, JSON.stringify(saved))
      },
      { key: SETTINGS_KEY, patch },
    )
    await page.reload()
    // The first rows may come from this browser's local copy: the tests that follow act on the server's answers.
    await page.waitForLoadState("networkidle")
    if ((await settingsHold(page, patch)) || attempt === 3) return
  }
}

/** Whether every value of the patch is what the page's stored settings hold. */
function settingsHold(page: Page, patch: SettingsPatch): Promise<boolean> {
  return page.evaluate(
    ({ key, patch }) => {
      const state = JSON.parse(localStorage.getItem(key) ?? '{"state":{}}').state ?? {}
      return Object.entries(patch).every(([group, values]) =>
        Object.entries(values ?? {}).every(
          ([name, value]) => JSON.stringify(state[group]?.[name]) === JSON.stringify(value),
        ),
      )
    },
    { key: SETTINGS_KEY, patch },
  )
}
