// Synced client settings: one JSON payload per user and tab, merged in place so concurrent saves never lose keys.
import { and, eq, inArray, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { settings } from "./schema.ts"

export type SettingsTab = (typeof settings.$inferSelect)["tab"]
export type SettingsRow = typeof settings.$inferSelect

export async function listSettings(db: DB, userId: string, tabs?: SettingsTab[]): Promise<SettingsRow[]> {
  return db
    .select()
    .from(settings)
    .where(and(eq(settings.userId, userId), tabs ? inArray(settings.tab, tabs) : undefined))
}

export interface SettingsMerge {
  userId: string
  tab: SettingsTab
  /** Keys to add or replace. */
  set: Record<string, unknown>
  /** Keys to drop. */
  remove: string[]
  at: Date
  /** The merged payload's size limit in bytes of JSON text; a merge that would pass it is not written. */
  maxBytes: number
}

/** Merges into the stored payload in one statement; false when the result would exceed `maxBytes`. */
export async function mergeSettings(db: DB, m: SettingsMerge): Promise<boolean> {
  const removed = sql`array(select jsonb_array_elements_text(${JSON.stringify(m.remove)}::jsonb))`
  const merged = sql`(${settings.payload} || ${JSON.stringify(m.set)}::jsonb) - ${removed}`
  const rows = await db
    .insert(settings)
    .values({ userId: m.userId, tab: m.tab, payload: m.set, updatedAt: m.at })
    .onConflictDoUpdate({
      target: [settings.userId, settings.tab],
      set: { payload: merged, updatedAt: m.at },
      setWhere: sql`octet_length((${merged})::text) <= ${m.maxBytes}`,
    })
    .returning({ tab: settings.tab })
  return rows.length > 0
}

/** A personal prompt longer than this is cut: it goes into every model call the user makes. */
export const PERSONAL_PROMPT_MAX = 2000

/** What the user wrote about themselves in settings › AI (personalizePrompt), trimmed; "" when nothing. */
export async function personalPromptOf(db: DB, userId: string): Promise<string> {
  const result = await db.execute<{ text: string | null }>(sql`
    select ${settings.payload}->>'personalizePrompt' as text from ${settings}
    where ${settings.userId} = ${userId} and ${settings.tab} = 'ai'`)
  const text = result.rows[0]?.text
  return typeof text === "string" ? text.trim().slice(0, PERSONAL_PROMPT_MAX) : ""
}
