import { describe, expect, it } from "vitest"
import { defaultGeneralSettings, defaultUiSettings } from "./settings-defaults.ts"
import { effectiveGeneral, effectiveUi } from "./settings-gate.ts"

describe("enhanced settings gate", () => {
  it("reads gated general settings as their defaults while enhancedSettings is off", () => {
    const general = { ...defaultGeneralSettings, autoExpandLongSocialMedia: true, groupByDate: false }
    expect(effectiveGeneral(general, "autoExpandLongSocialMedia")).toBe(false)
    expect(effectiveGeneral(general, "groupByDate")).toBe(true)
    const enhanced = { ...general, enhancedSettings: true }
    expect(effectiveGeneral(enhanced, "autoExpandLongSocialMedia")).toBe(true)
    expect(effectiveGeneral(enhanced, "groupByDate")).toBe(false)
  })

  it("leaves the other settings alone", () => {
    const general = { ...defaultGeneralSettings, unreadOnly: false }
    expect(effectiveGeneral(general, "unreadOnly")).toBe(false)
    const ui = { ...defaultUiSettings, pictureViewMasonry: false, reduceMotion: true }
    expect(effectiveUi(ui, false, "pictureViewMasonry")).toBe(false)
    expect(effectiveUi(ui, false, "reduceMotion")).toBe(false)
    expect(effectiveUi(ui, true, "reduceMotion")).toBe(true)
  })
})
