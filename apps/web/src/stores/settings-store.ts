// The user's general and UI settings, held locally (sync with GET/PATCH /settings arrives in a later issue).
import { create } from "zustand"
import {
  defaultGeneralSettings,
  defaultUiSettings,
  type GeneralSettings,
  type UiSettings,
} from "./settings-defaults.ts"

interface SettingsState {
  general: GeneralSettings
  ui: UiSettings
  setGeneral: (patch: Partial<GeneralSettings>) => void
  setUi: (patch: Partial<UiSettings>) => void
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  general: defaultGeneralSettings,
  ui: defaultUiSettings,
  setGeneral: (patch) => set((state) => ({ general: { ...state.general, ...patch } })),
  setUi: (patch) => set((state) => ({ ui: { ...state.ui, ...patch } })),
}))
