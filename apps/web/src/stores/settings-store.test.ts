import { describe, expect, it } from "vitest"
import { defaultAiSettings, defaultGeneralSettings, defaultUiSettings } from "./settings-defaults.ts"
import { mergeSavedSettings } from "./settings-store.ts"

describe("mergeSavedSettings", () => {
  const defaults = { general: defaultGeneralSettings, ui: defaultUiSettings, ai: defaultAiSettings }

  it("keeps what was saved and gives every other key its default", () => {
    const merged = mergeSavedSettings({ general: { dimRead: true }, ui: { pictureViewMasonry: false } }, defaults)
    expect(merged.general.dimRead).toBe(true)
    expect(merged.general.unreadOnly).toBe(defaultGeneralSettings.unreadOnly)
    expect(merged.ui.pictureViewMasonry).toBe(false)
    expect(merged.ui.toolbarOrder).toEqual(defaultUiSettings.toolbarOrder)
  })

  it("falls back to the defaults when nothing (or nothing readable) was saved", () => {
    expect(mergeSavedSettings(undefined, defaults)).toEqual(defaults)
    expect(mergeSavedSettings({ general: null }, defaults)).toEqual(defaults)
  })
})
