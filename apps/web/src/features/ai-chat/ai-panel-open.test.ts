import { describe, expect, it } from "vitest"
import { panelOpen } from "./ai-panel-open.ts"

const state = (over: Partial<Parameters<typeof panelOpen>[0]>) => ({
  enabled: true,
  docked: true,
  available: true,
  chosen: null,
  ...over,
})

describe("panelOpen", () => {
  it("opens a docked panel by itself where a model answers, and follows the reader's choice otherwise", () => {
    expect(panelOpen(state({}))).toEqual({ open: true, openByDefault: true })
    expect(panelOpen(state({ available: false }))).toEqual({ open: false, openByDefault: false })
    expect(panelOpen(state({ docked: false }))).toEqual({ open: false, openByDefault: false })
    expect(panelOpen(state({ chosen: false })).open).toBe(false)
    expect(panelOpen(state({ docked: false, chosen: true })).open).toBe(true)
  })

  it("stays closed, whatever was chosen, while the administrator's ai_chat flag is off for the user", () => {
    expect(panelOpen(state({ enabled: false }))).toEqual({ open: false, openByDefault: false })
    expect(panelOpen(state({ enabled: false, chosen: true })).open).toBe(false)
  })
})
