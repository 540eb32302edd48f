import { describe, expect, it } from "vitest"
import { commands } from "./commands.ts"
import { conflictingCommand, definitionFromEvent, withOverrides } from "./key-bindings.ts"

const press = (
  key: string,
  extra: Partial<{ code: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
})

describe("definitionFromEvent", () => {
  it("writes a press in the table's syntax, mod per platform", () => {
    expect(definitionFromEvent(press("g"), false)).toBe("g")
    expect(definitionFromEvent(press("A", { shiftKey: true, ctrlKey: true }), false)).toBe("shift+mod+a")
    expect(definitionFromEvent(press("a", { metaKey: true }), true)).toBe("mod+a")
    expect(definitionFromEvent(press("a", { metaKey: true }), false)).toBe("a")
    expect(definitionFromEvent(press(",", { ctrlKey: true }), false)).toBe("mod+comma")
    expect(definitionFromEvent(press("ArrowDown"), false)).toBe("down")
    expect(definitionFromEvent(press("?", { shiftKey: true }), false)).toBe("?")
    expect(definitionFromEvent(press("∂", { altKey: true, code: "KeyD" }), true)).toBe("alt+d")
  })

  it("ignores a lone modifier", () => {
    expect(definitionFromEvent(press("Shift", { shiftKey: true }), false)).toBeNull()
    expect(definitionFromEvent(press("Control", { ctrlKey: true }), false)).toBeNull()
  })
})

describe("overrides", () => {
  it("replace a command's keys and leave the others", () => {
    const table = withOverrides(commands, { "timeline.refresh": ["g"] })
    expect(table.find((command) => command.id === "timeline.refresh")?.keys).toEqual(["g"])
    expect(table.find((command) => command.id === "entry.next")?.keys).toEqual(["j", "down"])
  })

  it("refuse a key another command uses where both apply", () => {
    expect(conflictingCommand(commands, "timeline.refresh", "j")).toBe("entry.next")
    expect(conflictingCommand(commands, "timeline.refresh", "g")).toBeUndefined()
    expect(conflictingCommand(commands, "timeline.refresh", "r")).toBeUndefined()
  })
})
