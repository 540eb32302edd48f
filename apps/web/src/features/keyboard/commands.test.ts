import { describe, expect, it } from "vitest"
import { commands } from "./commands.ts"
import { parseHotkey } from "./hotkeys.ts"

describe("the shortcut table", () => {
  it("holds only definitions the matcher accepts", () => {
    for (const command of commands) for (const key of command.keys) expect(() => parseHotkey(key)).not.toThrow()
  })

  it("never gives one key to two commands that apply in the same focus area", () => {
    const seen = new Map<string, string>()
    for (const command of commands) {
      for (const key of command.keys) {
        for (const scope of command.scopes) {
          const slot = `${scope}:${JSON.stringify(parseHotkey(key))}`
          expect(seen.get(slot), `${key} in ${scope}`).toBeUndefined()
          seen.set(slot, command.id)
        }
      }
    }
  })

  it("has the spec's desktop shortcuts", () => {
    const keysOf = (id: string) => commands.find((command) => command.id === id)?.keys
    expect(keysOf("global.settings")).toEqual(["mod+comma"])
    expect(keysOf("global.discover")).toEqual(["mod+t"])
    expect(keysOf("global.quick-add")).toEqual(["mod+n"])
    expect(keysOf("global.toasts")).toEqual(["alt+t"])
  })
})
