import { beforeEach, describe, expect, it } from "vitest"
import { useSettingsStore } from "./settings-store.ts"
import { adoptLegacyKeyBindings, LEGACY_SHORTCUTS_KEY, resetKeyBinding, setKeyBinding } from "./shortcut-store.ts"

function memoryStorage(entries: Record<string, string> = {}) {
  const items = new Map(Object.entries(entries))
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    has: (key: string) => items.has(key),
  }
}

const legacy = (overrides: unknown) => JSON.stringify({ state: { overrides }, version: 0 })
const bindings = () => useSettingsStore.getState().general.keyBindings

beforeEach(() => useSettingsStore.getState().setGeneral({ keyBindings: {} }))

describe("key bindings in the synced general settings", () => {
  it("sets and resets one command's keys without touching the others", () => {
    const before = useSettingsStore.getState().updated.general
    setKeyBinding("global.shortcuts", ["g"])
    setKeyBinding("entry.next", ["n"])
    expect(bindings()).toEqual({ "global.shortcuts": ["g"], "entry.next": ["n"] })
    expect(useSettingsStore.getState().updated.general).toBeGreaterThanOrEqual(before)
    resetKeyBinding("global.shortcuts")
    expect(bindings()).toEqual({ "entry.next": ["n"] })
  })

  it("adopts the keys a browser kept under the old local key, once", () => {
    const storage = memoryStorage({ [LEGACY_SHORTCUTS_KEY]: legacy({ "global.shortcuts": ["g"] }) })
    adoptLegacyKeyBindings(storage)
    expect(bindings()).toEqual({ "global.shortcuts": ["g"] })
    expect(storage.has(LEGACY_SHORTCUTS_KEY)).toBe(false)
  })

  it("keeps the synced keys when both exist, and drops an unreadable old value", () => {
    setKeyBinding("entry.next", ["n"])
    adoptLegacyKeyBindings(memoryStorage({ [LEGACY_SHORTCUTS_KEY]: legacy({ "global.shortcuts": ["g"] }) }))
    expect(bindings()).toEqual({ "entry.next": ["n"] })
    const broken = memoryStorage({ [LEGACY_SHORTCUTS_KEY]: "{not json" })
    adoptLegacyKeyBindings(broken)
    expect(broken.has(LEGACY_SHORTCUTS_KEY)).toBe(false)
    expect(bindings()).toEqual({ "entry.next": ["n"] })
  })
})
