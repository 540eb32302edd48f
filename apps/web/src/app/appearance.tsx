// Applies the appearance settings to <html>: colour scheme (data-theme), accent colours, interface font and text
// size, reduced motion and the pointer cursor. Run once before the first render (no flash of the wrong scheme) and
// again whenever a setting or the system scheme changes.
import { useEffect, useSyncExternalStore } from "react"
import {
  accentColors,
  ON_ACCENT,
  type ResolvedTheme,
  resolveTheme,
  uiFontStack,
} from "../features/settings/appearance.ts"
import { effectiveUi } from "../stores/settings-gate.ts"
import { useSettingsStore } from "../stores/settings-store.ts"
import { useThemeStore } from "../stores/theme-store.ts"

const DARK_QUERY = "(prefers-color-scheme: dark)"

const systemDark = () => window.matchMedia(DARK_QUERY).matches

function subscribeSystemScheme(onChange: () => void) {
  const list = window.matchMedia(DARK_QUERY)
  list.addEventListener("change", onChange)
  return () => list.removeEventListener("change", onChange)
}

export function currentTheme(): ResolvedTheme {
  return resolveTheme(useThemeStore.getState().theme, systemDark())
}

export function applyAppearance(theme: ResolvedTheme = currentTheme()) {
  const { ui, general } = useSettingsStore.getState()
  const root = document.documentElement
  const accent = accentColors(ui.accentColor, theme)
  root.dataset.theme = theme
  root.style.colorScheme = theme
  root.style.setProperty("--accent", accent.accent)
  root.style.setProperty("--accent-strong", accent.strong)
  root.style.setProperty("--on-accent", ON_ACCENT[theme])
  root.style.setProperty("--font-sans", uiFontStack(ui.uiFontFamily))
  root.style.fontSize = `${ui.uiTextSize}px`
  root.dataset.reduceMotion = String(effectiveUi(ui, general.enhancedSettings, "reduceMotion"))
  root.dataset.pointerCursor = String(effectiveUi(ui, general.enhancedSettings, "usePointerCursor"))
}

/** The scheme in use, following the user's choice and, under "system", the system's. */
export function useResolvedTheme(): ResolvedTheme {
  const preference = useThemeStore((state) => state.theme)
  const dark = useSyncExternalStore(subscribeSystemScheme, systemDark)
  return resolveTheme(preference, dark)
}

export function AppearanceEffects() {
  const theme = useResolvedTheme()
  const ui = useSettingsStore((state) => state.ui)
  const enhanced = useSettingsStore((state) => state.general.enhancedSettings)
  // biome-ignore lint/correctness/useExhaustiveDependencies: ui and enhanced are read through the store by applyAppearance
  useEffect(() => applyAppearance(theme), [theme, ui, enhanced])
  return null
}
