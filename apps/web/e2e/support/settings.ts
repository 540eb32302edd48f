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
}
