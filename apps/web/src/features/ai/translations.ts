// Getting translations: from memory (translation-store.ts), then the local database, then the server (GET
// /ai/translation for the open entry, POST /ai/translation/batch for the timeline rows in view). Rows and the entry
// pane read the same store, so a title translated for the timeline is not asked for again when it opens.
import {
  type AiLanguage,
  getTranslation,
  type TranslationData,
  type TranslationField,
  translateBatch,
} from "../../api/ai.ts"
import { readLocalTranslations, saveLocalTranslations, saveTranslationSql } from "./local-ai.ts"
import { keyOf, useTranslationStore } from "./translation-store.ts"

/** Entries per batch request (the server takes up to 100). */
const BATCH = 30

const missingOf = (entryId: string, language: string, fields: TranslationField[]) => {
  const known = useTranslationStore.getState().known[keyOf(entryId, language)]
  return fields.filter((field) => !known?.resolved.includes(field))
}

function pick(entryId: string, language: string, fields: TranslationField[]): TranslationData {
  const data = useTranslationStore.getState().known[keyOf(entryId, language)]?.data ?? {}
  return Object.fromEntries(fields.flatMap((f) => (data[f] ? [[f, data[f]]] : []))) as TranslationData
}

async function fromLocal(entryIds: string[], language: string): Promise<void> {
  const local = await readLocalTranslations(entryIds, language)
  const add = useTranslationStore.getState().add
  for (const [id, known] of local) add(keyOf(id, language), known.data, known.resolved)
}

/** One entry's fields in a language: what is known, and the rest asked for. Throws the server's error. */
export async function translateEntry(
  entryId: string,
  language: AiLanguage,
  fields: TranslationField[],
  signal?: AbortSignal,
): Promise<TranslationData> {
  if (missingOf(entryId, language, fields).length) await fromLocal([entryId], language)
  const missing = missingOf(entryId, language, fields)
  if (missing.length) {
    const data = await getTranslation({ id: entryId, language, fields: missing }, signal)
    useTranslationStore.getState().add(keyOf(entryId, language), data ?? {}, missing)
    void saveLocalTranslations([saveTranslationSql(entryId, language, missing, data)])
  }
  return pick(entryId, language, fields)
}

const inFlight = new Set<string>()
/** Rows a batch answered nothing for: not asked for again by the timeline (the open entry still asks). */
const skipped = new Set<string>()

/**
 * The timeline's rows in view, in batches. An entry the batch answers nothing for needed no translation, or the
 * batch stopped before it (a model error ends the stream): the timeline does not ask for it again on this page,
 * and only what was answered is kept in the local database.
 */
export async function translateRows(
  entries: { id: string; fields: TranslationField[] }[],
  language: AiLanguage,
): Promise<void> {
  const wanted = entries.filter((e) => {
    const key = keyOf(e.id, language)
    return !inFlight.has(key) && !skipped.has(key) && missingOf(e.id, language, e.fields).length > 0
  })
  if (!wanted.length) return
  for (const e of wanted) inFlight.add(keyOf(e.id, language))
  try {
    await fromLocal(
      wanted.map((e) => e.id),
      language,
    )
    const groups = new Map<string, string[]>()
    for (const e of wanted) {
      const missing = missingOf(e.id, language, e.fields)
      if (!missing.length) continue
      const group = missing.join(",")
      groups.set(group, [...(groups.get(group) ?? []), e.id])
    }
    for (const [group, ids] of groups) {
      const fields = group.split(",") as TranslationField[]
      for (let start = 0; start < ids.length; start += BATCH)
        await translateBatchOf(ids.slice(start, start + BATCH), language, fields)
    }
  } finally {
    for (const e of wanted) inFlight.delete(keyOf(e.id, language))
  }
}

async function translateBatchOf(ids: string[], language: AiLanguage, fields: TranslationField[]) {
  const add = useTranslationStore.getState().add
  let lines: Awaited<ReturnType<typeof translateBatch>> = []
  try {
    lines = await translateBatch({ ids, language, fields })
  } catch {
    // The rows keep their own text; the open entry shows the error where its translation would be.
  }
  for (const line of lines) add(keyOf(line.id, language), line.data, fields)
  void saveLocalTranslations(lines.map((line) => saveTranslationSql(line.id, language, fields, line.data)))
  const answered = new Set(lines.map((line) => line.id))
  for (const id of ids) if (!answered.has(id)) skipped.add(keyOf(id, language))
}
