import { describe, expect, it } from "vitest"
import { planColumns, READABLE_WIDTH } from "./column-plan.ts"

// The default widths (stores/settings-defaults.ts).
const set = { feed: 256, entry: 356, ai: 384 }
const article = (window: number, plan: ReturnType<typeof planColumns>) =>
  window - (plan.sidebar ? set.feed : 0) - (plan.entry ?? 0) - plan.ai

describe("planColumns", () => {
  it("changes nothing without the panel column", () => {
    expect(planColumns({ window: 1280, ...set, panel: false, sidebar: null })).toEqual({
      sidebar: true,
      entry: 356,
      ai: 384,
    })
    expect(planColumns({ window: 1280, ...set, panel: false, sidebar: false }).sidebar).toBe(false)
  })

  it("keeps every column at 1536 px, where the article has its measure", () => {
    const plan = planColumns({ window: 1536, ...set, panel: true, sidebar: null })
    expect(plan).toEqual({ sidebar: true, entry: 356, ai: 384 })
    expect(article(1536, plan)).toBe(540)
  })

  it("folds the sidebar away at 1280 and 1440 px and keeps the set widths", () => {
    for (const [window, width] of [
      [1280, 540],
      [1440, 700],
    ]) {
      const plan = planColumns({ window, ...set, panel: true, sidebar: null })
      expect(plan).toEqual({ sidebar: false, entry: 356, ai: 384 })
      expect(article(window, plan)).toBe(width)
    }
  })

  it("at 1024 px narrows the panel and then the list to their limits", () => {
    const plan = planColumns({ window: 1024, ...set, panel: true, sidebar: null })
    expect(plan).toEqual({ sidebar: false, entry: 280, ai: 300 })
    expect(article(1024, plan)).toBe(444)
  })

  it("narrows only as much as the article needs", () => {
    const plan = planColumns({ window: 1200, ...set, panel: true, sidebar: null })
    expect(plan).toEqual({ sidebar: false, entry: 356, ai: 364 })
    expect(article(1200, plan)).toBe(READABLE_WIDTH)
  })

  it("shows the sidebar the user asked for, and narrows the others instead", () => {
    const plan = planColumns({ window: 1280, ...set, panel: true, sidebar: true })
    expect(plan).toEqual({ sidebar: true, entry: 280, ai: 300 })
  })

  it("gives a wide list the rest without a list width", () => {
    expect(planColumns({ window: 1280, ...set, entry: null, panel: true, sidebar: null })).toEqual({
      sidebar: true,
      entry: null,
      ai: 384,
    })
  })
})
