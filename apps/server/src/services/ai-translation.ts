// GET /ai/translation and POST /ai/translation/batch: an entry's fields in another language. Only fields that exist,
// are not translated yet and are not already in that language are sent to the model (spec); which fields, when the
// request names none, depends on the view (Articles: title and description; Social media: content; others: title).
// HTML keeps its structure: the model is asked to keep the tags, and what it answers goes through the sanitiser.
import { FeedViewType } from "@tidings/shared"
import { type Caller, complete } from "../ai/complete.ts"
import { isInLanguage, type TargetLanguage } from "../ai/language.ts"
import { LANGUAGE_NAMES, TRANSLATE_HTML_SYSTEM, TRANSLATE_TEXT_SYSTEM } from "../ai/prompts.ts"
import { findProvider, missingModel } from "../ai/provider.ts"
import type { AiRuntime } from "../ai/runtime.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { htmlToText, sanitizeHtml } from "../reader/sanitize.ts"
import { type AiTranslationRow, findTranslation, saveTranslation, type TranslationField } from "../storage/ai.ts"
import { type AiEntry, findAiEntry } from "./ai-entries.ts"

export const TRANSLATION_FIELDS: readonly TranslationField[] = ["title", "description", "content", "readabilityContent"]
const HTML_FIELDS = new Set<TranslationField>(["content", "readabilityContent"])
/** HTML is sent in pieces of about this many characters (small local models have small context windows). */
const HTML_PIECE_CHARS = 6000

export type TranslationData = Partial<Record<TranslationField, string>>

/** The fields a view translates when the request names none (spec). */
export function viewFields(view: number): TranslationField[] {
  if (view === FeedViewType.Articles) return ["title", "description"]
  if (view === FeedViewType.SocialMedia) return ["content"]
  return ["title"]
}

/** The fields of `requested` (or of the view) that exist on the entry and are not already in `language`. */
export function fieldsToTranslate(entry: AiEntry, language: TargetLanguage, requested?: TranslationField[]) {
  const fields = requested?.length ? requested : viewFields(entry.view)
  return [...new Set(fields)].filter((field) => {
    const value = entry[field]
    if (!value?.trim()) return false
    const text = HTML_FIELDS.has(field) ? htmlToText(value) : value
    return text.length > 0 && !isInLanguage(text, language, entry.language)
  })
}

export interface TranslationInput {
  id: string
  language: TargetLanguage
  fields?: TranslationField[]
}

export async function getTranslation(ai: AiRuntime, caller: Caller, input: TranslationInput) {
  const entry = await findAiEntry(ai.deps, caller.userId, input.id)
  if (!(await findProvider(ai.deps, caller.userId, "fast"))) throw missingModel()
  return translateEntry(ai, caller, entry, input.language, input.fields)
}

/** NDJSON lines {id, data} as each entry is done; entries the user cannot see are left out. */
export async function translateBatch(
  ai: AiRuntime,
  caller: Caller,
  input: { ids: string[]; language: TargetLanguage; fields?: TranslationField[] },
): Promise<ReadableStream<Uint8Array>> {
  if (!(await findProvider(ai.deps, caller.userId, "fast"))) throw missingModel()
  const encoder = new TextEncoder()
  const ids = [...new Set(input.ids)]
  return new ReadableStream({
    async start(controller) {
      for (const id of ids) {
        try {
          const entry = await findAiEntry(ai.deps, caller.userId, id)
          const data = await translateEntry(ai, caller, entry, input.language, input.fields)
          if (data) controller.enqueue(encoder.encode(`${JSON.stringify({ id, data })}\n`))
        } catch (error) {
          if (error instanceof AppError && error.code === ErrorCode.EntryNotFound) continue
          ai.deps.log.warn("batch translation stopped", {
            entryId: id,
            error: error instanceof Error ? error.message : String(error),
          })
          break
        }
      }
      controller.close()
    },
  })
}

async function translateEntry(
  ai: AiRuntime,
  caller: Caller,
  entry: AiEntry,
  language: TargetLanguage,
  requested?: TranslationField[],
): Promise<TranslationData | null> {
  const wanted = fieldsToTranslate(entry, language, requested)
  if (!wanted.length) return null
  const covered = (row: AiTranslationRow | undefined) =>
    row && wanted.every((f) => row[f] !== null) ? pick(row, wanted) : undefined
  const read = async () => covered(await findTranslation(ai.deps.db, entry.id, language))
  // A call joined in this process may have been for other fields: then ask again for what is still missing.
  for (let round = 0; ; round++) {
    const data = await ai.once(`translation:${entry.id}:${language}`, read, async () => {
      const stored = await findTranslation(ai.deps.db, entry.id, language)
      const missing = wanted.filter((f) => stored?.[f] == null)
      const done: TranslationData = {}
      for (const field of missing) done[field] = await translateField(ai, caller, entry, field, language)
      await saveTranslation(ai.deps.db, entry.id, language, done, ai.deps.now())
      return pick({ ...stored, ...done } as AiTranslationRow, wanted)
    })
    if (wanted.every((f) => data[f] !== undefined) || round >= 2) return data
  }
}

function pick(row: Partial<AiTranslationRow>, fields: TranslationField[]): TranslationData {
  const out: TranslationData = {}
  for (const f of fields) if (row[f] != null) out[f] = row[f]!
  return out
}

async function translateField(
  ai: AiRuntime,
  caller: Caller,
  entry: AiEntry,
  field: TranslationField,
  language: TargetLanguage,
): Promise<string> {
  const name = LANGUAGE_NAMES[language]
  const value = entry[field]!
  const ask = (system: string, prompt: string) =>
    complete(ai.deps, caller, { operation: "translation", speed: "fast", system, prompt })
  if (!HTML_FIELDS.has(field)) return (await ask(TRANSLATE_TEXT_SYSTEM(name), value)).replace(/\s+/g, " ").trim()
  const pieces: string[] = []
  for (const piece of splitHtml(value, HTML_PIECE_CHARS))
    pieces.push(unfence(await ask(TRANSLATE_HTML_SYSTEM(name), piece)))
  return sanitizeHtml(pieces.join(""), entry.baseUrl)
}

/** Models often wrap HTML in a ```html fence despite being told not to. */
function unfence(text: string): string {
  const m = /^```[a-z]*\n([\s\S]*?)\n?```$/i.exec(text.trim())
  return m ? m[1]! : text
}

/** Cuts HTML after block-closing tags into pieces of at most about `max` characters (a longer block stays whole). */
export function splitHtml(html: string, max: number): string[] {
  if (html.length <= max) return [html]
  const pieces: string[] = []
  const boundary = /<\/(?:p|div|li|ul|ol|h[1-6]|blockquote|pre|figure|table|section|article)>|<br\s*\/?>/gi
  let start = 0
  let lastCut = 0
  for (let m = boundary.exec(html); m; m = boundary.exec(html)) {
    const end = m.index + m[0].length
    if (end - start > max && lastCut > start) {
      pieces.push(html.slice(start, lastCut))
      start = lastCut
    }
    lastCut = end
  }
  if (html.length - start > max && lastCut > start) {
    pieces.push(html.slice(start, lastCut))
    start = lastCut
  }
  if (start < html.length) pieces.push(html.slice(start))
  return pieces.filter((p) => p.trim())
}
