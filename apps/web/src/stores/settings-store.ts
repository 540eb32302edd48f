// The user's general and UI settings, kept in local storage so a choice (wide mode, text size, the picture
// layout) survives a reload. Sync with GET/PATCH /settings arrives in a later issue; it will start from these.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"
import {
  defaultGeneralSettings,
  defaultUiSettings,
  type GeneralSettings,
  type UiSettings,
} from "./settings-defaults.ts"

export const SETTINGS_STORAGE_KEY = `${LOCAL_KEY_PREFIX}settings`

interface SettingsGroups {
  general: GeneralSettings
  ui: UiSettings
}

interface SettingsState extends SettingsGroups {
  setGeneral: (patch: Partial<GeneralSettings>) => void
  setUi: (patch: Partial<UiSettings>) => void
}

/** Saved groups over the defaults, key by key: a setting added since the save gets its default. */
export function mergeSavedSettings(saved: unknown, current: SettingsGroups): SettingsGroups {
  const groups = (saved ?? {}) as Partial<Record<keyof SettingsGroups, object>>
  return {
    general: { ...current.general, ...groups.general },
    ui: { ...current.ui, ...groups.ui },
  }
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      general: defaultGeneralSettings,
      ui: defaultUiSettings,
      setGeneral: (patch) => set((state) => ({ general: { ...state.general, ...patch } })),
      setUi: (patch) => set((state) => ({ ui: { ...state.ui, ...patch } })),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ general: state.general, ui: state.ui }),
      merge: (saved, current) => ({ ...current, ...mergeSavedSettings(saved, current) }),
    },
  ),
)
