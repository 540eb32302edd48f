// The enhanced-settings gate (spec client §3): while enhancedSettings is off, these settings read as their defaults
// whatever is stored, so a value set once in enhanced mode does not linger after the user leaves it.
import {
  defaultGeneralSettings,
  defaultUiSettings,
  type GeneralSettings,
  type UiSettings,
} from "./settings-defaults.ts"

export const gatedGeneral = ["groupByDate", "autoExpandLongSocialMedia"] as const
export const gatedUi = [
  "hideExtraBadge",
  "codeHighlightThemeLight",
  "codeHighlightThemeDark",
  "dateFormat",
  "readerRenderInlineStyle",
  "modalOverlay",
  "reduceMotion",
  "usePointerCursor",
  "opaqueSidebar",
] as const

/** One general setting as it applies. */
export function effectiveGeneral<K extends keyof GeneralSettings>(
  general: GeneralSettings,
  key: K,
): GeneralSettings[K] {
  const gated = (gatedGeneral as readonly string[]).includes(key)
  return gated && !general.enhancedSettings ? defaultGeneralSettings[key] : general[key]
}

/** One UI setting as it applies; the gate is the general group's enhancedSettings. */
export function effectiveUi<K extends keyof UiSettings>(ui: UiSettings, enhanced: boolean, key: K): UiSettings[K] {
  const gated = (gatedUi as readonly string[]).includes(key)
  return gated && !enhanced ? defaultUiSettings[key] : ui[key]
}
