// Summaries and translations in the local database (its summaries and translations tables, unique per entry and
// language), so an entry read again, also offline, needs no model call. A translation field that was asked for and
// needed none (already in the language, or absent) is kept as "" so it is not asked for again; a summary of the
// readability text only leaves `summary` as "".
import type { TranslationData, TranslationField } from "../../api/ai.ts"
import type { LocalDatabase } from "../../db/client.ts"
import type { Statement } from "../../db/local-store.ts"
import type { Row } from "../../db/migrate.ts"

export type SummaryTarget = "content" | "readabilityContent"

const COLUMN: Record<TranslationField, string> = {
  title: "title",
  description: "description",
  content: "content",
  readabilityContent: "readability_content",
}

export const loadSummarySql = (entryId: string, language: string): Statement => ({
  sql: "SELECT summary, readability_summary FROM summaries WHERE entry_id = ? AND language = ?",
  params: [entryId, language],
})

export function summaryFrom(rows: Row[], target: SummaryTarget): string | undefined {
  const row = rows[0]
  const value = row?.[target === "content" ? "summary" : "readability_summary"]
  return typeof value === "string" && value ? value : undefined
}

export function saveSummarySql(entryId: string, language: string, target: SummaryTarget, summary: string): Statement {
  if (target === "content")
    return {
      sql: `INSERT INTO summaries (entry_id, language, summary) VALUES (?, ?, ?)
            ON CONFLICT (entry_id, language) DO UPDATE SET summary = excluded.summary`,
      params: [entryId, language, summary],
    }
  return {
    sql: `INSERT INTO summaries (entry_id, language, summary, readability_summary) VALUES (?, ?, '', ?)
          ON CONFLICT (entry_id, language) DO UPDATE SET readability_summary = excluded.readability_summary`,
    params: [entryId, language, summary],
  }
}

export const loadTranslationsSql = (entryIds: string[], language: string): Statement => ({
  sql: `SELECT entry_id, title, description, content, readability_content FROM translations
        WHERE language = ? AND entry_id IN (${entryIds.map(() => "?").join(", ")})`,
  params: [language, ...entryIds],
})

export interface KnownTranslation {
  /** The translated fields (only those that needed a translation). */
  data: TranslationData
  /** Every field asked for already: translated, or needing none. */
  resolved: TranslationField[]
}

export function translationsFrom(rows: Row[]): Map<string, KnownTranslation> {
  const out = new Map<string, KnownTranslation>()
  for (const row of rows) {
    const known: KnownTranslation = { data: {}, resolved: [] }
    for (const [field, column] of Object.entries(COLUMN) as [TranslationField, string][]) {
      const value = row[column]
      if (typeof value !== "string") continue
      known.resolved.push(field)
      if (value) known.data[field] = value
    }
    out.set(String(row.entry_id), known)
  }
  return out
}

/** Stores what one request answered for `asked`: the translations, and "" for the fields it left out. */
export function saveTranslationSql(
  entryId: string,
  language: string,
  asked: TranslationField[],
  data: TranslationData | null,
): Statement {
  const fields = Object.keys(COLUMN) as TranslationField[]
  const values = fields.map((field) => (asked.includes(field) ? (data?.[field] ?? "") : null))
  const columns = fields.map((field) => COLUMN[field])
  return {
    sql: `INSERT INTO translations (entry_id, language, ${columns.join(", ")}) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (entry_id, language) DO UPDATE SET
          ${columns.map((c) => `${c} = coalesce(excluded.${c}, translations.${c})`).join(", ")}`,
    params: [entryId, language, ...values],
  }
}

/** The local database, or undefined when it does not answer in time (a tab holding it, a browser without it). */
async function database(): Promise<LocalDatabase | undefined> {
  try {
    const { localDatabase } = await import("../../db/client.ts")
    const db = localDatabase()
    const opened = await Promise.race([db.ready.then(() => true), wait(1500).then(() => false)])
    return opened ? db : undefined
  } catch {
    return undefined
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function readLocalSummary(entryId: string, language: string, target: SummaryTarget) {
  const db = await database()
  if (!db) return undefined
  const statement = loadSummarySql(entryId, language)
  return summaryFrom(await db.query(statement.sql, statement.params), target)
}

export async function saveLocalSummary(entryId: string, language: string, target: SummaryTarget, summary: string) {
  await (await database())?.transaction([saveSummarySql(entryId, language, target, summary)])
}

export async function readLocalTranslations(entryIds: string[], language: string) {
  const db = await database()
  if (!db || !entryIds.length) return new Map<string, KnownTranslation>()
  const statement = loadTranslationsSql(entryIds, language)
  return translationsFrom(await db.query(statement.sql, statement.params))
}

export async function saveLocalTranslations(statements: Statement[]) {
  if (statements.length) await (await database())?.transaction(statements)
}
