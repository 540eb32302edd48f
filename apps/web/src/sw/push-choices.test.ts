import { describe, expect, it } from "vitest"
import { DEFAULT_PUSH_CHOICES, parsePushChoices, pushAction } from "./push-choices.ts"

const choices = (newEntries: boolean, inboxEntries: boolean, onlyWhenHidden: boolean) => ({
  kinds: { newEntries, inboxEntries },
  onlyWhenHidden,
})

describe("pushAction", () => {
  it("shows new entries and drops inbox entries by default, while no page is visible", () => {
    expect(pushAction("entry", DEFAULT_PUSH_CHOICES, false)).toBe("show")
    expect(pushAction("inbox", DEFAULT_PUSH_CHOICES, false)).toBe("drop")
  })

  it("hands a wanted push to a visible page only when the reader asked for that", () => {
    expect(pushAction("entry", choices(true, true, true), true)).toBe("page")
    expect(pushAction("inbox", choices(true, true, true), true)).toBe("page")
    expect(pushAction("entry", choices(true, true, false), true)).toBe("show")
  })

  it("drops the kinds turned off, visible page or not", () => {
    expect(pushAction("entry", choices(false, true, false), false)).toBe("drop")
    expect(pushAction("entry", choices(false, true, true), true)).toBe("drop")
    expect(pushAction("inbox", choices(true, false, false), true)).toBe("drop")
  })

  it("always shows task results and tests, and treats a push without a kind as an entry", () => {
    const none = choices(false, false, true)
    expect(pushAction("task", none, true)).toBe("show")
    expect(pushAction("test", none, true)).toBe("show")
    expect(pushAction(undefined, none, false)).toBe("drop")
    expect(pushAction(undefined, choices(true, false, false), false)).toBe("show")
  })
})

describe("parsePushChoices", () => {
  it("keeps the defaults for what is missing or malformed", () => {
    expect(parsePushChoices(undefined)).toEqual(DEFAULT_PUSH_CHOICES)
    expect(parsePushChoices({ kinds: { inboxEntries: true, newEntries: "yes" }, onlyWhenHidden: false })).toEqual(
      choices(true, true, false),
    )
  })
})
