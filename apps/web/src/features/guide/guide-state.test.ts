import { describe, expect, it } from "vitest"
import { isGuideDone, markGuideDone, opensBySelf } from "./guide-state.ts"

function memoryStorage() {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

describe("new-user guide signal", () => {
  it("opens by itself only when enabled, not yet done and the user has no subscriptions", () => {
    expect(opensBySelf({ enabled: true, done: false, subscriptions: 0 })).toBe(true)
    expect(opensBySelf({ enabled: true, done: true, subscriptions: 0 })).toBe(false)
    expect(opensBySelf({ enabled: true, done: false, subscriptions: 3 })).toBe(false)
    expect(opensBySelf({ enabled: true, done: false, subscriptions: undefined })).toBe(false)
    expect(opensBySelf({ enabled: false, done: false, subscriptions: 0 })).toBe(false)
    expect(opensBySelf({ enabled: undefined, done: false, subscriptions: 0 })).toBe(false)
  })

  it("remembers per user that the guide was finished", () => {
    const storage = memoryStorage()
    expect(isGuideDone("1", storage)).toBe(false)
    markGuideDone("1", storage)
    expect(isGuideDone("1", storage)).toBe(true)
    expect(isGuideDone("2", storage)).toBe(false)
  })
})
