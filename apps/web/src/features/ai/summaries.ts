// An entry's summary: from memory (at most 10 kept, the least recently read dropped: spec client §4), then the
// local database, then GET /ai/summary. null: the text is too short to summarise (under 100 characters).
import { type AiLanguage, getSummary } from "../../api/ai.ts"
import { LruMap, SUMMARIES_IN_MEMORY } from "../../db/rules.ts"
import { readLocalSummary, type SummaryTarget, saveLocalSummary } from "./local-ai.ts"

export interface SummaryInput {
  id: string
  language: AiLanguage
  target: SummaryTarget
}

export interface SummarySources {
  fetch: (input: SummaryInput, signal?: AbortSignal) => Promise<string | null>
  readLocal: (id: string, language: string, target: SummaryTarget) => Promise<string | null | undefined>
  saveLocal: (id: string, language: string, target: SummaryTarget, summary: string) => Promise<void>
}

/** The memory, local copy and network in that order; one loader per app (tests make their own). */
export function createSummaryLoader(sources: SummarySources, capacity = SUMMARIES_IN_MEMORY) {
  const inMemory = new LruMap<string, string | null>(capacity)
  return async function loadSummary(input: SummaryInput, signal?: AbortSignal): Promise<string | null> {
    const key = `${input.id}:${input.language}:${input.target}`
    const remembered = inMemory.get(key)
    if (remembered !== undefined) return remembered
    const local = await sources.readLocal(input.id, input.language, input.target)
    if (local) {
      inMemory.set(key, local)
      return local
    }
    const summary = await sources.fetch(input, signal)
    inMemory.set(key, summary)
    if (summary) void sources.saveLocal(input.id, input.language, input.target, summary)
    return summary
  }
}

export const loadSummary = createSummaryLoader({
  fetch: getSummary,
  readLocal: readLocalSummary,
  saveLocal: saveLocalSummary,
})
