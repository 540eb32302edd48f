import { describe, expect, it } from "vitest"
import {
  createHotkeyMatcher,
  describeHotkey,
  type KeyInput,
  parseHotkey,
  SEQUENCE_TIMEOUT_MS,
  UnsupportedHotkeyError,
} from "./hotkeys.ts"

const press = (key: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...extra,
})
const all = () => true

function matcher(defs: Record<string, string>, isMac = false) {
  return createHotkeyMatcher(
    Object.entries(defs).map(([command, def]) => ({ command, steps: parseHotkey(def) })),
    isMac,
  )
}

describe("parseHotkey", () => {
  it("reads combinations and sequences", () => {
    expect(parseHotkey("shift+mod+a")).toEqual([{ key: "a", mod: true, shift: true, alt: false }])
    expect(parseHotkey("mod+comma")).toEqual([{ key: ",", mod: true, shift: false, alt: false }])
    expect(parseHotkey("g>i").map((step) => step.key)).toEqual(["g", "i"])
  })

  it("rejects a definition with both a sequence and a combination separator", () => {
    expect(() => parseHotkey("g>shift+i")).toThrow(UnsupportedHotkeyError)
    expect(() => parseHotkey("mod+k>j")).toThrow(UnsupportedHotkeyError)
  })
})

describe("createHotkeyMatcher", () => {
  it("maps mod to ⌘ on Apple platforms and Ctrl elsewhere", () => {
    const pc = matcher({ search: "mod+k" })
    expect(pc(press("k", { ctrlKey: true }), 0, all)).toBe("search")
    expect(pc(press("k", { metaKey: true }), 10, all)).toBeUndefined()
    const mac = matcher({ search: "mod+k" }, true)
    expect(mac(press("k", { metaKey: true }), 0, all)).toBe("search")
    expect(mac(press("k", { ctrlKey: true }), 10, all)).toBeUndefined()
  })

  it("needs the exact modifiers, except Shift on characters that imply it", () => {
    const match = matcher({ next: "j", markAll: "shift+mod+a", help: "?", toasts: "alt+t" })
    expect(match(press("j", { ctrlKey: true }), 0, all)).toBeUndefined()
    expect(match(press("J", { shiftKey: true }), 1, all)).toBeUndefined()
    expect(match(press("A", { shiftKey: true, ctrlKey: true }), 2, all)).toBe("markAll")
    expect(match(press("?", { shiftKey: true }), 3, all)).toBe("help")
    // macOS types "†" for Alt+T; the physical key decides.
    expect(match(press("†", { altKey: true, code: "KeyT" }), 4, all)).toBe("toasts")
  })

  it("completes a sequence within 1000 ms and forgets it after", () => {
    const match = matcher({ inbox: "g>i" })
    expect(match(press("g"), 0, all)).toBeUndefined()
    expect(match(press("i"), SEQUENCE_TIMEOUT_MS, all)).toBe("inbox")
    expect(match(press("g"), 5000, all)).toBeUndefined()
    expect(match(press("i"), 5000 + SEQUENCE_TIMEOUT_MS + 1, all)).toBeUndefined()
    expect(match(press("g"), 9000, all)).toBeUndefined()
    expect(match(press("x"), 9100, all)).toBeUndefined()
    expect(match(press("i"), 9200, all)).toBeUndefined()
  })

  it("leaves out commands the focus area does not allow", () => {
    const match = matcher({ next: "j", search: "mod+k" })
    expect(match(press("j"), 0, (command) => command !== "next")).toBeUndefined()
    expect(match(press("k", { ctrlKey: true }), 1, (command) => command !== "next")).toBe("search")
  })
})

describe("describeHotkey", () => {
  it("names keys per platform", () => {
    expect(describeHotkey("shift+mod+a", true)).toEqual([["⌘", "⇧", "A"]])
    expect(describeHotkey("mod+comma", false)).toEqual([["Ctrl", ","]])
    expect(describeHotkey("g>i", false)).toEqual([["G"], ["I"]])
    expect(describeHotkey("down", false)).toEqual([["↓"]])
  })
})
