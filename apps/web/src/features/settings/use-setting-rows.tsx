// Rows bound to one settings group: each reads the value that applies (through the enhanced-settings gate) and
// writes through the store's setter, which the sync sends to the server. Labels come from settings:<group>.<key>,
// descriptions from settings:<group>.<key>.description when there is one.
import { useTranslation } from "react-i18next"
import type { GeneralSettings, UiSettings } from "../../stores/settings-defaults.ts"
import { effectiveGeneral, effectiveUi, gatedGeneral, gatedUi } from "../../stores/settings-gate.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { type Choice, SelectRow, SwitchRow } from "./setting-controls.tsx"

type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T]

interface RowOptions {
  /** Applies only in the desktop app (shown, with a note). */
  desktop?: boolean
  /** Stored and synced, but what it drives arrives with another issue (named in the note). */
  later?: "ai"
}

/** t for keys built from setting names (checked by settings-i18n.test.ts rather than by the key types). */
export type LooseT = (key: string, options?: Record<string, unknown>) => string

export function useSettingRows() {
  const { t: typedT, i18n } = useTranslation("settings")
  const t = typedT as unknown as LooseT
  const general = useSettingsStore((state) => state.general)
  const ui = useSettingsStore((state) => state.ui)
  const setGeneral = useSettingsStore((state) => state.setGeneral)
  const setUi = useSettingsStore((state) => state.setUi)
  const enhanced = general.enhancedSettings

  const text = (group: "general" | "ui", key: string, gated: boolean, options: RowOptions = {}) => {
    const descKey = `${group}.${key}.description`
    const note =
      gated && !enhanced
        ? t("gate.locked")
        : options.desktop
          ? t("note.desktop")
          : options.later
            ? t(`note.later_${options.later}`)
            : undefined
    return {
      label: t(`${group}.${key}`),
      description: i18n.exists(descKey, { ns: "settings" }) ? t(descKey) : undefined,
      note,
      testId: `setting-${key}`,
    }
  }

  const generalSwitch = (key: KeysOf<GeneralSettings, boolean>, options?: RowOptions) => {
    const gated = (gatedGeneral as readonly string[]).includes(key)
    return (
      <SwitchRow
        key={key}
        {...text("general", key, gated, options)}
        checked={effectiveGeneral(general, key)}
        disabled={gated && !enhanced}
        onChange={(value) => setGeneral({ [key]: value })}
      />
    )
  }

  const uiSwitch = (key: KeysOf<UiSettings, boolean>, options?: RowOptions) => {
    const gated = (gatedUi as readonly string[]).includes(key)
    return (
      <SwitchRow
        key={key}
        {...text("ui", key, gated, options)}
        checked={effectiveUi(ui, enhanced, key)}
        disabled={gated && !enhanced}
        onChange={(value) => setUi({ [key]: value })}
      />
    )
  }

  const generalSelect = (key: KeysOf<GeneralSettings, string>, choices: Choice[], options?: RowOptions) => (
    <SelectRow
      key={key}
      {...text("general", key, false, options)}
      value={String(general[key])}
      choices={choices}
      onChange={(value) => setGeneral({ [key]: value })}
    />
  )

  const uiSelect = <K extends KeysOf<UiSettings, string | number>>(
    key: K,
    choices: Choice[],
    parse: (value: string) => UiSettings[K] = (value) => value as UiSettings[K],
    options?: RowOptions,
  ) => {
    const gated = (gatedUi as readonly string[]).includes(key)
    return (
      <SelectRow
        key={key}
        {...text("ui", key, gated, options)}
        value={String(effectiveUi(ui, enhanced, key))}
        choices={choices}
        disabled={gated && !enhanced}
        onChange={(value) => setUi({ [key]: parse(value) })}
      />
    )
  }

  return { t, i18n, general, ui, setGeneral, setUi, enhanced, generalSwitch, uiSwitch, generalSelect, uiSelect, text }
}
