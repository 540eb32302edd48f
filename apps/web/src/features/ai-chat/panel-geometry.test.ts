import { describe, expect, it } from "vitest"
import { floatingPanelBox, panelHeight } from "./panel-geometry.ts"

describe("the floating panel's geometry", () => {
  it("is 90 % of the window's height, kept between 600 and 1000", () => {
    expect(panelHeight(800)).toBe(720)
    expect(panelHeight(700)).toBe(630)
    expect(panelHeight(660)).toBe(600) // 594 is raised to the minimum
    expect(panelHeight(1000)).toBe(900)
    expect(panelHeight(1400)).toBe(1000)
  })

  it("never leaves the window: a short window gets what fits inside the 20 px margins", () => {
    expect(panelHeight(640)).toBe(600)
    expect(panelHeight(500)).toBe(460)
  })

  it("is 500 wide at the bottom right, 20 px from the edges", () => {
    expect(floatingPanelBox(1280, 800)).toEqual({ width: 500, height: 720, right: 20, bottom: 20 })
    expect(floatingPanelBox(520, 800).width).toBe(480)
  })
})
