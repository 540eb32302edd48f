import { describe, expect, it } from "vitest"
import { DEFAULT_IMAGE_CACHE_BYTES, ImageLru, validLimit } from "./image-lru.ts"

const image = (url: string, bytes: number, usedAt: number) => ({ url, bytes, usedAt })

describe("the image cache's LRU", () => {
  it("keeps images while their bytes fit and counts them", () => {
    const lru = new ImageLru(1000)
    expect(lru.add(image("a", 400, 1))).toEqual([])
    expect(lru.add(image("b", 600, 2))).toEqual([])
    expect(lru.status()).toEqual({ bytes: 1000, count: 2, limit: 1000 })
  })

  it("drops the least recently used image when a new one goes over the limit", () => {
    const lru = new ImageLru(1000)
    lru.add(image("a", 400, 1))
    lru.add(image("b", 400, 2))
    expect(lru.add(image("c", 400, 3))).toEqual(["a"])
    expect(lru.has("a")).toBe(false)
    expect(lru.status()).toEqual({ bytes: 800, count: 2, limit: 1000 })
  })

  it("counts a use: an image shown again outlives one stored later but not shown since", () => {
    const lru = new ImageLru(1000)
    lru.add(image("a", 400, 1))
    lru.add(image("b", 400, 2))
    lru.touch("a", 3)
    expect(lru.add(image("c", 400, 4))).toEqual(["b"])
    expect(lru.has("a")).toBe(true)
  })

  it("drops as many as it takes, oldest first", () => {
    const lru = new ImageLru(1000)
    lru.add(image("a", 300, 1))
    lru.add(image("b", 300, 2))
    lru.add(image("c", 300, 3))
    expect(lru.add(image("d", 900, 4))).toEqual(["a", "b", "c"])
    expect(lru.status().bytes).toBe(900)
  })

  it("does not keep an image larger than the whole limit", () => {
    const lru = new ImageLru(1000)
    lru.add(image("a", 300, 1))
    expect(lru.add(image("huge", 1001, 2))).toEqual(["a", "huge"])
    expect(lru.status()).toEqual({ bytes: 0, count: 0, limit: 1000 })
  })

  it("replacing an image counts its new size once", () => {
    const lru = new ImageLru(1000)
    lru.add(image("a", 300, 1))
    lru.add(image("a", 500, 2))
    expect(lru.status()).toEqual({ bytes: 500, count: 1, limit: 1000 })
  })

  it("a lower limit evicts at once; 0 empties the cache", () => {
    const lru = new ImageLru(1000, [image("b", 400, 2), image("a", 400, 1), image("c", 100, 3)])
    expect(lru.setLimit(600)).toEqual(["a"])
    expect(lru.setLimit(0)).toEqual(["b", "c"])
    expect(lru.status()).toEqual({ bytes: 0, count: 0, limit: 0 })
  })

  it("a touch never moves an image back in time, and unknown urls are not kept by a touch", () => {
    const lru = new ImageLru(1000, [image("a", 100, 10)])
    expect(lru.touch("a", 5)?.usedAt).toBe(10)
    expect(lru.touch("nope", 5)).toBeUndefined()
    expect(lru.status().count).toBe(1)
  })

  it("accepts only whole, non-negative byte limits", () => {
    expect(validLimit(52_428_800)).toBe(52_428_800)
    expect(validLimit(0)).toBe(0)
    for (const bad of [-1, 1.5, "100", null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(validLimit(bad)).toBe(DEFAULT_IMAGE_CACHE_BYTES)
  })
})
