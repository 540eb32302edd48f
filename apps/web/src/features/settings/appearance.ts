// How the appearance settings become the document's look: the colour scheme, the accent colours and the interface
// font. Pure, so the choices are unit-tested; appearance-effects.tsx applies them to <html>.

export type ThemePreference = "system" | "light" | "dark"
export type ResolvedTheme = "light" | "dark"

export const THEME_PREFERENCES: readonly ThemePreference[] = ["system", "light", "dark"]

export function resolveTheme(preference: string | null | undefined, systemDark: boolean): ResolvedTheme {
  if (preference === "light" || preference === "dark") return preference
  return systemDark ? "dark" : "light"
}

interface AccentPair {
  /** Backgrounds with white text on them in light mode, focus rings, icons. */
  accent: string
  /** Text and links on the surface. */
  strong: string
}

/**
 * Each accent colour per scheme. In light mode the accent carries white text and the strong shade is text on
 * the surface, both at 4.5:1 or more (axe color-contrast); in dark mode both are text on the dark surface.
 */
export const ACCENT_COLORS: Record<string, Record<ResolvedTheme, AccentPair>> = {
  orange: { light: { accent: "#c2410c", strong: "#9a3412" }, dark: { accent: "#fb923c", strong: "#f97316" } },
  blue: { light: { accent: "#1d4ed8", strong: "#1e40af" }, dark: { accent: "#60a5fa", strong: "#93c5fd" } },
  green: { light: { accent: "#15803d", strong: "#166534" }, dark: { accent: "#4ade80", strong: "#86efac" } },
  red: { light: { accent: "#b91c1c", strong: "#991b1b" }, dark: { accent: "#f87171", strong: "#fca5a5" } },
  purple: { light: { accent: "#7e22ce", strong: "#6b21a8" }, dark: { accent: "#c084fc", strong: "#d8b4fe" } },
  pink: { light: { accent: "#be185d", strong: "#9d174d" }, dark: { accent: "#f472b6", strong: "#f9a8d4" } },
}

export const DEFAULT_ACCENT = "orange"

/**
 * Text on an accent background (primary buttons, badges): white on the deep light-mode accents, the dark ink on
 * the pale dark-mode ones, where white would fall under 4.5:1.
 */
export const ON_ACCENT: Record<ResolvedTheme, string> = { light: "#ffffff", dark: "#1c1917" }

/** The accent pair for a stored colour name; an unknown name (e.g. from a newer client) falls back to orange. */
export function accentColors(name: string, theme: ResolvedTheme): AccentPair {
  return (ACCENT_COLORS[name] ?? ACCENT_COLORS[DEFAULT_ACCENT])[theme]
}

/** The app's own font stack, used for "system-ui" (the default). */
export const SYSTEM_FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", sans-serif'

const GENERIC_FAMILIES = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
  "ui-rounded",
])

/** The interface font: a generic family as itself, a named font first with the system stack behind it. */
export function uiFontStack(family: string): string {
  const name = family.trim()
  if (!name || name === "system-ui") return SYSTEM_FONT_STACK
  if (GENERIC_FAMILIES.has(name)) return name === "monospace" ? "ui-monospace, monospace" : name
  return `"${name.replaceAll('"', "")}", ${SYSTEM_FONT_STACK}`
}

/** Font choices the pages offer: generic families every system has, then common installed fonts. */
export const UI_FONT_CHOICES = ["system-ui", "sans-serif", "serif", "monospace", "Georgia", "Helvetica", "Verdana"]
export const READER_FONT_CHOICES = ["inherit", ...UI_FONT_CHOICES.slice(1)]

/** uiTextSize choices (px of the root font size, which every rem-sized part of the interface follows). */
export const UI_TEXT_SIZES = [14, 15, 16, 17, 18, 20]
export const CONTENT_FONT_SIZES = [14, 15, 16, 17, 18, 20, 22, 24]
export const CONTENT_LINE_HEIGHTS = [1.5, 1.6, 1.75, 1.9, 2]
