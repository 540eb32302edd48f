// The colour scheme the user chose (system, light or dark). Not one of the synced groups: the spec names no theme
// key, and a scheme suits a device (a phone at night, a bright office screen), so it stays in this browser.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"
import type { ThemePreference } from "../features/settings/appearance.ts"

export const THEME_STORAGE_KEY = `${LOCAL_KEY_PREFIX}theme`

interface ThemeState {
  theme: ThemePreference
  setTheme: (theme: ThemePreference) => void
}

export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ theme: "system", setTheme: (theme) => set({ theme }) }), {
    name: THEME_STORAGE_KEY,
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ theme: state.theme }),
  }),
)
