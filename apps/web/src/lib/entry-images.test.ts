import { describe, expect, it } from "vitest"
import { entryImages } from "./entry-images.ts"

describe("entryImages", () => {
  it("finds the content's pictures and the photo media, once each, web addresses only", () => {
    const content = `<p>Two pictures</p><img alt="a" src="https://img.example/a.png?w=1&amp;h=2">
      <figure><img src='https://img.example/b.jpg' width="10"></figure><img src="data:image/png;base64,AAAA">
      <img srcset="https://img.example/c.png 2x"><img src="https://img.example/a.png?w=1&amp;h=2">`
    expect(
      entryImages(content, [
        { url: "https://img.example/m.jpg", type: "photo" },
        { url: "https://video.example/v.mp4", type: "video" },
      ]),
    ).toEqual(["https://img.example/a.png?w=1&h=2", "https://img.example/b.jpg", "https://img.example/m.jpg"])
    expect(entryImages(null, null)).toEqual([])
  })
})
