import { beforeEach, describe, expect, it } from "vitest"
import {
  clearImageDimensions,
  flushImageDimensions,
  IMAGE_DIMENSIONS_KEY,
  IMAGE_DIMENSIONS_MAX,
  imageDimensions,
  rememberImageDimensions,
} from "./image-dimensions.ts"

const store = new Map<string, string>()
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
} as Storage

describe("image dimensions by src", () => {
  beforeEach(() => clearImageDimensions())

  it("keeps a measured size, in local storage too, and ignores sizes that are none", () => {
    rememberImageDimensions("https://a.test/1.jpg", 800, 600)
    rememberImageDimensions("https://a.test/2.jpg", 0, 600)
    rememberImageDimensions("https://a.test/3.jpg", Number.NaN, 600)
    expect(imageDimensions("https://a.test/1.jpg")).toEqual({ width: 800, height: 600 })
    expect(imageDimensions("https://a.test/2.jpg")).toBeUndefined()
    expect(imageDimensions(undefined)).toBeUndefined()
    flushImageDimensions()
    expect(JSON.parse(store.get(IMAGE_DIMENSIONS_KEY) ?? "null")).toEqual([["https://a.test/1.jpg", 800, 600]])
  })

  it(`keeps the newest ${IMAGE_DIMENSIONS_MAX} sources`, () => {
    for (let i = 0; i <= IMAGE_DIMENSIONS_MAX; i++) rememberImageDimensions(`https://a.test/${i}.jpg`, 10 + i, 10)
    expect(imageDimensions("https://a.test/0.jpg")).toBeUndefined()
    expect(imageDimensions("https://a.test/1.jpg")).toEqual({ width: 11, height: 10 })
    expect(imageDimensions(`https://a.test/${IMAGE_DIMENSIONS_MAX}.jpg`)).toBeDefined()
  })

  it("forgets everything when cleared, stored copy included", () => {
    rememberImageDimensions("https://a.test/1.jpg", 800, 600)
    flushImageDimensions()
    clearImageDimensions()
    expect(imageDimensions("https://a.test/1.jpg")).toBeUndefined()
    expect(store.has(IMAGE_DIMENSIONS_KEY)).toBe(false)
  })
})
