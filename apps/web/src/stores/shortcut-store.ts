// The user's own keys for the shortcut table. They live in the synced general settings (`keyBindings`), so a
// rebinding follows the user to every browser; a browser that kept them in the old local key hands them over once.
import { useMemo } from "react"
import { type CommandDefinition, type CommandId, commands } from "../features/keyboard/commands.ts"
import { type KeyOverrides, withOverrides } from "../features/keyboard/key-bindings.ts"
import { useSettingsStore } from "./settings-store.ts"

/** Where versions before settings sync kept the overrides. */
export const LEGACY_SHORTCUTS_KEY = "tidings:shortcuts"

const overridesOf = (state: { general: { keyBindings?: KeyOverrides } }): KeyOverrides =>
  state.general.keyBindings ?? {}

export function setKeyBinding(id: CommandId, keys: string[]) {
  const state = useSettingsStore.getState()
  state.setGeneral({ keyBindings: { ...overridesOf(state), [id]: keys } })
}

export function resetKeyBinding(id: CommandId) {
  const state = useSettingsStore.getState()
  const { [id]: _dropped, ...rest } = overridesOf(state)
  state.setGeneral({ keyBindings: rest })
}

export const useKeyOverrides = (): KeyOverrides => useSettingsStore(overridesOf)

/** The shortcut table with the user's keys in place of the defaults. */
export function useCommandTable(): CommandDefinition[] {
  const overrides = useKeyOverrides()
  return useMemo(() => withOverrides(commands, overrides), [overrides])
}

/** Moves overrides saved under the old local key into the synced settings, unless the settings already hold some. */
export function adoptLegacyKeyBindings(storage: Pick<Storage, "getItem" | "removeItem"> = localStorage) {
  const raw = storage.getItem(LEGACY_SHORTCUTS_KEY)
  if (raw === null) return
  storage.removeItem(LEGACY_SHORTCUTS_KEY)
  let saved: KeyOverrides | undefined
  try {
    saved = (JSON.parse(raw) as { state?: { overrides?: KeyOverrides } }).state?.overrides
  } catch {
    return
  }
  const state = useSettingsStore.getState()
  if (!saved || Object.keys(saved).length === 0 || Object.keys(overridesOf(state)).length > 0) return
  state.setGeneral({ keyBindings: saved })
}
