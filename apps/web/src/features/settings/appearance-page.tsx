// Settings › appearance (the UI group, synced as "appearance"): the scheme and accent, fonts and sizes, the sidebar
// and lists, the reader, and the user's own CSS for entry content.
import { DATE_PATTERNS } from "../../lib/format-date.ts"
import { useThemeStore } from "../../stores/theme-store.ts"
import {
  ACCENT_COLORS,
  CONTENT_FONT_SIZES,
  CONTENT_LINE_HEIGHTS,
  READER_FONT_CHOICES,
  THEME_PREFERENCES,
  type ThemePreference,
  UI_FONT_CHOICES,
  UI_TEXT_SIZES,
} from "./appearance.ts"
import { COLUMN_LIMITS } from "./column-width.ts"
import { NumberRow, SelectRow, SettingsSection, TextAreaRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { ToolbarOrderEditor } from "./toolbar-order-editor.tsx"
import { useSettingRows } from "./use-setting-rows.tsx"

/** Shiki themes offered for code in entries (they ship with the highlighter, loaded on demand). */
const CODE_THEMES_LIGHT = ["github-light", "one-light", "min-light", "solarized-light", "vitesse-light"]
const CODE_THEMES_DARK = ["github-dark", "one-dark-pro", "min-dark", "solarized-dark", "vitesse-dark"]

const asChoices = (values: readonly (string | number)[], label: (value: string) => string = (value) => value) =>
  values.map((value) => ({ value: String(value), label: label(String(value)) }))

export function AppearanceSettingsPage() {
  const { t, ui, setUi, uiSwitch, uiSelect, text } = useSettingRows()
  const theme = useThemeStore((state) => state.theme)
  const setTheme = useThemeStore((state) => state.setTheme)
  const fontLabel = (value: string) =>
    value === "inherit" || value === "system-ui" || value === "sans-serif" || value === "serif" || value === "monospace"
      ? t(`ui.font.${value}`)
      : value

  return (
    <SettingsPage page="appearance">
      <SettingsSection title={t("ui.section.colors")}>
        <SelectRow
          label={t("ui.theme")}
          description={t("ui.theme.description")}
          testId="setting-theme"
          value={theme}
          choices={asChoices(THEME_PREFERENCES, (value) => t(`ui.theme.${value}`))}
          onChange={(value) => setTheme(value as ThemePreference)}
        />
        {uiSelect(
          "accentColor",
          asChoices(Object.keys(ACCENT_COLORS), (value) => t(`ui.accent.${value}`)),
        )}
      </SettingsSection>

      <SettingsSection title={t("ui.section.text")}>
        {uiSelect("uiFontFamily", asChoices(UI_FONT_CHOICES, fontLabel))}
        {uiSelect(
          "uiTextSize",
          asChoices(UI_TEXT_SIZES, (value) => `${value} px`),
          Number,
        )}
        {uiSelect(
          "dateFormat",
          [{ value: "default", label: t("ui.dateFormat.default") }, ...asChoices(DATE_PATTERNS)],
          String,
        )}
      </SettingsSection>

      <SettingsSection title={t("ui.section.sidebar")}>
        {uiSwitch("opaqueSidebar")}
        {uiSwitch("sidebarShowUnreadCount")}
        {uiSwitch("hideExtraBadge")}
        {uiSwitch("showDockBadge", { desktop: true })}
        {uiSwitch("showUnreadCountViewAndSubscriptionMobile")}
        {uiSwitch("showUnreadCountBadgeMobile")}
      </SettingsSection>

      <SettingsSection title={t("ui.section.lists")}>
        {uiSelect("thumbnailRatio", [
          { value: "square", label: t("ui.thumbnailRatio.square") },
          { value: "original", label: t("ui.thumbnailRatio.original") },
        ])}
        {uiSwitch("pictureViewMasonry")}
        {uiSwitch("wideMode")}
      </SettingsSection>

      <SettingsSection title={t("ui.section.reader")}>
        {uiSelect("readerFontFamily", asChoices(READER_FONT_CHOICES, fontLabel))}
        {uiSelect(
          "contentFontSize",
          asChoices(CONTENT_FONT_SIZES, (value) => `${value} px`),
          Number,
        )}
        {uiSelect("contentLineHeight", asChoices(CONTENT_LINE_HEIGHTS), Number)}
        {uiSwitch("readerRenderInlineStyle")}
        {uiSwitch("guessCodeLanguage")}
        {uiSelect("codeHighlightThemeLight", asChoices(CODE_THEMES_LIGHT))}
        {uiSelect("codeHighlightThemeDark", asChoices(CODE_THEMES_DARK))}
        {uiSwitch("hideRecentReader")}
      </SettingsSection>

      <SettingsSection title={t("ui.section.toolbar")}>
        <ToolbarOrderEditor />
      </SettingsSection>

      <SettingsSection title={t("ui.section.columns")}>
        {(["feedColWidth", "entryColWidth", "aiColWidth"] as const).map((key) => (
          <NumberRow
            key={key}
            {...text("ui", key, false, key === "aiColWidth" ? { later: "ai" } : {})}
            description={key === "aiColWidth" ? undefined : t("ui.columns.hint")}
            value={ui[key]}
            unit="px"
            min={COLUMN_LIMITS[key].min}
            max={COLUMN_LIMITS[key].max}
            onChange={(value) => setUi({ [key]: value })}
          />
        ))}
      </SettingsSection>

      <SettingsSection title={t("ui.section.interface")}>
        {uiSwitch("reduceMotion")}
        {uiSwitch("usePointerCursor")}
        {uiSwitch("modalOverlay")}
        {uiSwitch("modalDraggable")}
      </SettingsSection>

      <SettingsSection title={t("ui.section.custom_css")}>
        <TextAreaRow
          {...text("ui", "customCSS", false)}
          value={ui.customCSS}
          monospace
          placeholder="p { letter-spacing: 0.01em; }"
          onChange={(customCSS) => setUi({ customCSS })}
        />
      </SettingsSection>
    </SettingsPage>
  )
}

export { AppearanceSettingsPage as Component }
