import { describe, expect, it } from "vitest"
import { matchScore, type PaletteCandidate, searchCandidates } from "./palette-search.ts"

const entry = (id: string, title: string, extra = ""): PaletteCandidate => ({ id, kind: "entry", title, extra })

describe("matchScore", () => {
  it("needs every word, anywhere, ignoring case and accents", () => {
    expect(matchScore(entry("1", "Café culture in Lisbon"), "cafe lisbon")).toBeGreaterThan(0)
    expect(matchScore(entry("1", "Café culture in Lisbon"), "cafe porto")).toBe(0)
    expect(matchScore(entry("1", "Notes", "about feeds"), "feeds")).toBe(1)
    expect(matchScore(entry("1", "anything"), "   ")).toBe(0)
  })

  it("ranks a title prefix over a word start over the middle of a word", () => {
    const prefix = matchScore(entry("1", "Reading list"), "read")
    const wordStart = matchScore(entry("2", "Slow reading"), "read")
    const inside = matchScore(entry("3", "Unread"), "read")
    expect(prefix).toBeGreaterThan(wordStart)
    expect(wordStart).toBeGreaterThan(inside)
  })
})

describe("searchCandidates", () => {
  it("groups kinds in order, caps each and drops a server hit already loaded", () => {
    const candidates: PaletteCandidate[] = [
      ...Array.from({ length: 12 }, (_, i) => entry(String(i), `Feeds post ${i}`)),
      { id: "f1", kind: "feed", title: "Feeds weekly" },
      { id: "c1", kind: "command", title: "Add a source", extra: "feeds subscribe" },
      { id: "3", kind: "server", title: "Feeds post 3" },
      { id: "99", kind: "server", title: "Feeds from the archive" },
    ]
    const result = searchCandidates(candidates, "feeds")
    expect(result.map((hit) => hit.kind)).toEqual(["command", "feed", ...Array(8).fill("entry"), "server"])
    expect(result.at(-1)?.id).toBe("99")
  })

  it("keeps what the server's search found in its order, though the typed words are not in the titles", () => {
    const found = (id: string, rank: number) => ({ title: id, snippet: "", rank })
    const candidates: PaletteCandidate[] = [
      { id: "b", kind: "server", title: "Running a bakery", found: found("b", 1) },
      { id: "a", kind: "server", title: "Tracing collectors", found: found("a", 0) },
      { id: "c", kind: "feed", title: "Unrelated feed" },
    ]
    const result = searchCandidates(candidates, "runs is:unread")
    expect(result.map((hit) => hit.id)).toEqual(["a", "b"])
  })
})
