import type { EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { pictureBoxHeight } from "./media-grid/picture-card.tsx"
import { isWideView } from "./view-list.tsx"

const withPicture = (width?: number, height?: number) =>
  ({
    entries: { media: [{ url: "a.jpg", type: "photo", width, height }], attachments: null },
  }) as unknown as EntryListItem

describe("view layout", () => {
  it("gives pictures and videos the whole width, and social media only in wide mode", () => {
    expect(isWideView(2, false)).toBe(true)
    expect(isWideView(3, false)).toBe(true)
    expect(isWideView(1, false)).toBe(false)
    expect(isWideView(1, true)).toBe(true)
    expect(isWideView(0, true)).toBe(false)
    expect(isWideView(4, false)).toBe(false)
  })

  it("sizes masonry cells by the picture's aspect (capped), grid cells as squares", () => {
    expect(pictureBoxHeight(withPicture(800, 600), 200, true)).toBe(150)
    expect(pictureBoxHeight(withPicture(100, 1000), 200, true)).toBe(500)
    expect(pictureBoxHeight(withPicture(), 200, true)).toBe(150)
    expect(pictureBoxHeight(withPicture(800, 600), 200, false)).toBe(200)
  })
})
