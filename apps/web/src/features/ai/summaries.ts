// An entry's summary: from memory (at most 10 kept, the least recently read dropped: spec client §4), then the
// local database, then GET /ai/summary. null: the text is too short to summarise (under 100 characters).
import { type AiLanguage, getSummary } from "../../api/ai.ts"
import { LruMap } from "../../db/rules.ts"
import { readLocalSummary, type SummaryTarget, saveLocalSummary } from "./local-ai.ts"

const inMemory = new LruMap<string, string | null>()

export interface SummaryInput {
  id: string
  language: AiLanguage
  target: SummaryTarget
}

export async function loadSummary(input: SummaryInput, signal?: AbortSignal): Promise<string | null> {
  const key = `${input.id}:${input.language}:${input.target}`
  const remembered = inMemory.get(key)
  if (remembered !== undefined) return remembered
  const local = await readLocalSummary(input.id, input.language, input.target)
  if (local) {
    inMemory.set(key, local)
    return local
  }
  const summary = await getSummary(input, signal)
  inMemory.set(key, summary)
  if (summary) void saveLocalSummary(input.id, input.language, input.target, summary)
  return summary
}
