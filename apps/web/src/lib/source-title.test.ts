import { describe, expect, it } from "vitest"
import { sourceTitle } from "./source-title.ts"

describe("sourceTitle", () => {
  it("takes the title, then the address, then the id (an untitled inbox)", () => {
    expect(sourceTitle({ id: "f1", title: "Harbour Log", url: "https://x.example/feed" })).toBe("Harbour Log")
    expect(sourceTitle({ id: "f1", title: null, url: "https://x.example/feed" })).toBe("https://x.example/feed")
    expect(sourceTitle({ id: "mail-in", title: "", url: null })).toBe("mail-in")
    expect(sourceTitle({ id: "mail-in" })).toBe("mail-in")
  })
})
