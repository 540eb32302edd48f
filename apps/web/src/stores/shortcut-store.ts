// The user's own keys for the shortcut table. Kept in local storage: the settings store does not sync with the
// server yet (GET/PATCH /settings arrives in a later issue), so the synced settings cannot hold them today.
import { useMemo } from "react"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"
import { type CommandDefinition, type CommandId, commands } from "../features/keyboard/commands.ts"
import { type KeyOverrides, withOverrides } from "../features/keyboard/key-bindings.ts"

interface ShortcutState {
  overrides: KeyOverrides
  setKeys: (id: CommandId, keys: string[]) => void
  reset: (id: CommandId) => void
}

export const useShortcutStore = create<ShortcutState>()(
  persist(
    (set) => ({
      overrides: {},
      setKeys: (id, keys) => set((state) => ({ overrides: { ...state.overrides, [id]: keys } })),
      reset: (id) =>
        set((state) => {
          const { [id]: _dropped, ...rest } = state.overrides
          return { overrides: rest }
        }),
    }),
    { name: "tidings:shortcuts", storage: createJSONStorage(() => localStorage) },
  ),
)

/** The shortcut table with the user's keys in place of the defaults. */
export function useCommandTable(): CommandDefinition[] {
  const overrides = useShortcutStore((state) => state.overrides)
  return useMemo(() => withOverrides(commands, overrides), [overrides])
}
