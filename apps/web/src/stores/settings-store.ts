// The user's settings groups (general, UI, AI), kept in local storage so a choice survives a reload and the app
// opens with it, and synced with the server (settings-sync.ts, app/settings-sync.tsx). Each group carries the time
// it last changed here; a group from the server replaces it only when the server's is newer.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"
import {
  type AiSettings,
  defaultAiSettings,
  defaultGeneralSettings,
  defaultUiSettings,
  type GeneralSettings,
  type UiSettings,
} from "./settings-defaults.ts"
import { effectiveUi } from "./settings-gate.ts"
import type { SyncGroup } from "./settings-sync.ts"

export const SETTINGS_STORAGE_KEY = `${LOCAL_KEY_PREFIX}settings`

export interface SettingsGroups {
  general: GeneralSettings
  ui: UiSettings
  ai: AiSettings
}

interface SettingsState extends SettingsGroups {
  /** When each group last changed on this device (ms since the epoch; 0: never). */
  updated: Record<SyncGroup, number>
  /** Settings migrations applied here (1: the enhanced-settings flag computed). */
  migrationVersion: number
  setGeneral: (patch: Partial<GeneralSettings>) => void
  setUi: (patch: Partial<UiSettings>) => void
  setAi: (patch: Partial<AiSettings>) => void
  /** A group as the server has it (not a local change: it is not sent back). */
  replaceGroup: <G extends SyncGroup>(group: G, values: SettingsGroups[G], updatedAt: number) => void
  setMigrationVersion: (version: number) => void
}

const defaults: SettingsGroups = { general: defaultGeneralSettings, ui: defaultUiSettings, ai: defaultAiSettings }

/** Saved groups over the defaults, key by key: a setting added since the save gets its default. */
export function mergeSavedSettings(saved: unknown, current: SettingsGroups): SettingsGroups {
  const groups = (saved ?? {}) as Partial<Record<keyof SettingsGroups, object>>
  return {
    general: { ...current.general, ...groups.general },
    ui: { ...current.ui, ...groups.ui },
    ai: { ...current.ai, ...groups.ai },
  }
}

export const useSettingsStore = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaults,
      updated: { general: 0, ui: 0, ai: 0 },
      migrationVersion: 0,
      setGeneral: (patch) =>
        set((state) => ({
          general: { ...state.general, ...patch },
          updated: { ...state.updated, general: Date.now() },
        })),
      setUi: (patch) =>
        set((state) => ({ ui: { ...state.ui, ...patch }, updated: { ...state.updated, ui: Date.now() } })),
      setAi: (patch) =>
        set((state) => ({ ai: { ...state.ai, ...patch }, updated: { ...state.updated, ai: Date.now() } })),
      replaceGroup: (group, values, updatedAt) =>
        set((state) => ({ [group]: values, updated: { ...state.updated, [group]: updatedAt } })),
      setMigrationVersion: (migrationVersion) => set({ migrationVersion }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        general: state.general,
        ui: state.ui,
        ai: state.ai,
        updated: state.updated,
        migrationVersion: state.migrationVersion,
      }),
      merge: (saved, current) => {
        const s = (saved ?? {}) as Partial<SettingsState>
        return {
          ...current,
          ...mergeSavedSettings(saved, current),
          updated: { ...current.updated, ...s.updated },
          migrationVersion: Number(s.migrationVersion) || 0,
        }
      },
    },
  ),
)

/** One UI setting as it applies (through the enhanced-settings gate), for components. */
export function useEffectiveUi<K extends keyof UiSettings>(key: K): UiSettings[K] {
  return useSettingsStore((state) => effectiveUi(state.ui, state.general.enhancedSettings, key))
}
