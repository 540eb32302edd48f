// GET /ai/summary: a summary of an entry's content (or its readability content) in a language, made once per entry,
// language and source and then stored; nothing for texts under SUMMARY_MIN_CHARS characters (spec).
import { SUMMARY_MIN_CHARS } from "@tidings/shared"
import { type Caller, complete } from "../ai/complete.ts"
import type { TargetLanguage } from "../ai/language.ts"
import { LANGUAGE_NAMES, SUMMARY_SYSTEM } from "../ai/prompts.ts"
import { findProvider, missingModel } from "../ai/provider.ts"
import type { AiRuntime } from "../ai/runtime.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { findSummary, saveSummary } from "../storage/ai.ts"
import { findAiEntry, preferredLanguage } from "./ai-entries.ts"

export interface SummaryInput {
  id: string
  language?: TargetLanguage
  target?: "content" | "readabilityContent"
}

/** Longest source text sent to the model, in characters (about 6000 tokens of English). */
const MAX_SOURCE_CHARS = 24_000

export async function getSummary(ai: AiRuntime, caller: Caller, input: SummaryInput): Promise<string | null> {
  const { deps } = ai
  const entry = await findAiEntry(deps, caller.userId, input.id)
  if (!(await findProvider(deps, caller.userId, "fast"))) throw missingModel()
  const target = input.target ?? "content"
  const source = (target === "readabilityContent" ? entry.readabilityContent : null) ?? entry.content
  const text = htmlToText(source ?? "")
  if (text.length < SUMMARY_MIN_CHARS) return null
  const language = input.language ?? (await preferredLanguage(deps, caller.userId))
  return ai.once(
    `summary:${entry.id}:${language}:${target}`,
    () => findSummary(deps.db, entry.id, language, target),
    async () => {
      const summary = await complete(deps, caller, {
        operation: "summary",
        speed: "fast",
        system: SUMMARY_SYSTEM(LANGUAGE_NAMES[language]),
        prompt: `${entry.title ? `Title: ${entry.title}\n\n` : ""}${text.slice(0, MAX_SOURCE_CHARS)}`,
        maxOutputTokens: 600,
      })
      await saveSummary(deps.db, { entryId: entry.id, language, target, summary, at: deps.now() })
      return summary
    },
  )
}
