import { readFileSync } from "node:fs"
import { APP_VERSION } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import en from "../../i18n/locales/en/settings.json"
import { defaultAiSettings, defaultGeneralSettings, defaultUiSettings } from "../../stores/settings-defaults.ts"
import { SETTINGS_PAGE_IDS, settingsPageOf } from "./settings-pages.ts"

const labels = en as Record<string, string>

describe("settings pages", () => {
  it("lists every child of the settings route the spec names, once", () => {
    const spec =
      "about ai appearance data-control feeds general integration invitations list notifications plan profile referral shortcuts sync-apps"
    expect([...SETTINGS_PAGE_IDS].sort()).toEqual(spec.split(" "))
    expect(new Set(SETTINGS_PAGE_IDS).size).toBe(SETTINGS_PAGE_IDS.length)
  })
  it("gives every page a title and a description", () => {
    for (const page of SETTINGS_PAGE_IDS) {
      expect(labels[`page.${page}.title`], page).toBeTruthy()
      expect(labels[`page.${page}.description`], page).toBeTruthy()
    }
  })
  it("reads the page from a path", () => {
    expect(settingsPageOf("/settings/data-control")).toBe("data-control")
    expect(settingsPageOf("/settings")).toBeUndefined()
    expect(settingsPageOf("/settings/nope")).toBeUndefined()
  })
})

describe("setting labels", () => {
  it("has a label for every key of the general and UI groups, and the AI fields", () => {
    for (const key of Object.keys(defaultGeneralSettings)) expect(labels[`general.${key}`], key).toBeTruthy()
    // toolbarOrder is edited by its own control, under its own label.
    for (const key of Object.keys(defaultUiSettings)) expect(labels[`ui.${key}`], key).toBeTruthy()
    for (const key of ["personalizePrompt", "mcpEnabled", "autoScrollWhenStreaming", "panelStyle"])
      expect(labels[`ai.${key}`], key).toBeTruthy()
    expect(Object.keys(defaultAiSettings).sort()).toEqual(
      [
        "autoScrollWhenStreaming",
        "mcpEnabled",
        "mcpServices",
        "panelStyle",
        "personalizePrompt",
        "shortcuts",
        // Labelled by its own section (features/ai/timeline-sort-setting.tsx, namespace ai-timeline).
        "timelineSortPrompt",
      ].sort(),
    )
  })
})

describe("about", () => {
  it("shows the version of the web package", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"))
    expect(APP_VERSION).toBe(pkg.version)
    expect(APP_VERSION).toBe("0.7.0")
  })
})
