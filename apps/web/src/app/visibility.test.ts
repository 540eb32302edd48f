import { describe, expect, it } from "vitest"
import { shouldRefetchOnVisible } from "./visibility.ts"

describe("shouldRefetchOnVisible", () => {
  it("refetches only after 10 minutes or more away", () => {
    const hiddenAt = 1_000_000
    expect(shouldRefetchOnVisible(undefined, hiddenAt)).toBe(false)
    expect(shouldRefetchOnVisible(hiddenAt, hiddenAt + 9 * 60_000)).toBe(false)
    expect(shouldRefetchOnVisible(hiddenAt, hiddenAt + 10 * 60_000)).toBe(true)
  })
})
