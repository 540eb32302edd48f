// Local search for the command palette ("local mode"): what the client has loaded — entries, feeds, folders —
// lists, and the commands, ranked by how well the words match. The server's answer is filtered the same way.

export type PaletteKind = "entry" | "feed" | "list" | "folder" | "command" | "server"

export interface PaletteCandidate {
  id: string
  kind: PaletteKind
  title: string
  /** Searched too, shown under the title. */
  subtitle?: string
  /** Searched but not shown (a command's keywords, an entry's summary). */
  extra?: string
  /** The server's search: its title and snippet with the matched words marked, and its place in the answer. */
  found?: { title: string; snippet: string; rank: number }
}

export const PALETTE_LIMITS: Record<PaletteKind, number> = {
  command: 5,
  feed: 5,
  list: 3,
  folder: 3,
  entry: 8,
  server: 8,
}

const fold = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()

/** 0 when some word of the query is missing; higher for title hits, word starts and whole-title prefixes. */
export function matchScore(candidate: PaletteCandidate, query: string): number {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return 0
  const title = fold(candidate.title)
  const rest = fold(`${candidate.subtitle ?? ""} ${candidate.extra ?? ""}`)
  let score = 0
  for (const word of words) {
    const at = title.indexOf(word)
    if (at === -1) {
      if (!rest.includes(word)) return 0
      score += 1
      continue
    }
    score += at === 0 ? 6 : /[\p{L}\p{N}]/u.test(title[at - 1] ?? "") ? 3 : 4
  }
  return score
}

/** The best matches per kind, best first, each kind capped (PALETTE_LIMITS), in a fixed order of kinds. */
export function searchCandidates(candidates: PaletteCandidate[], query: string): PaletteCandidate[] {
  const scored = candidates
    // What the server found stays in the server's order: it matched stems, text and filters the words here cannot.
    .map((candidate) => ({
      candidate,
      score: candidate.found ? 1_000_000 - candidate.found.rank : matchScore(candidate, query),
    }))
    .filter((hit) => hit.score > 0)
    .sort((a, b) => b.score - a.score)
  const order: PaletteKind[] = ["command", "feed", "list", "folder", "entry", "server"]
  const seen = new Set<string>()
  return order.flatMap((kind) =>
    scored
      .filter((hit) => hit.candidate.kind === kind)
      .map((hit) => hit.candidate)
      .filter((candidate) => {
        // An entry the server also found is shown once, with the loaded ones.
        const key = candidate.kind === "server" ? `entry:${candidate.id}` : `${candidate.kind}:${candidate.id}`
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      .slice(0, PALETTE_LIMITS[kind]),
  )
}
