// AI rows: users' own providers, token usage per day, the pending claims on model calls, summaries and translations.
import { and, eq, gte, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiPending, aiProviders, aiSummaries, aiTranslations, aiUsage } from "./schema.ts"

export type AiProviderRow = typeof aiProviders.$inferSelect
export type AiTranslationRow = typeof aiTranslations.$inferSelect
export type TranslationField = "title" | "description" | "content" | "readabilityContent"

// ---- a user's own provider

export async function findAiProvider(db: DB, userId: string): Promise<AiProviderRow | undefined> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.userId, userId))
  return row
}

/** `apiKeyEncrypted`: a value sets the key, null clears it, undefined keeps what is stored. */
export async function saveAiProvider(
  db: DB,
  row: {
    userId: string
    baseUrl: string
    model: string
    fastModel: string | null
    speechModel: string | null
    speechVoice: string | null
    apiKeyEncrypted?: string | null
    at: Date
  },
) {
  const { userId: _userId, apiKeyEncrypted, at, ...fields } = row
  const key = apiKeyEncrypted === undefined ? {} : { apiKeyEncrypted }
  const set = { ...fields, updatedAt: at, ...key }
  await db
    .insert(aiProviders)
    .values({ userId: row.userId, ...set })
    .onConflictDoUpdate({ target: aiProviders.userId, set })
}

export async function deleteAiProvider(db: DB, userId: string): Promise<boolean> {
  const rows = await db.delete(aiProviders).where(eq(aiProviders.userId, userId)).returning({ id: aiProviders.userId })
  return rows.length > 0
}

// ---- usage

export interface UsageRecord {
  userId: string
  day: string
  operation: string
  model: string
  provider: "server" | "user"
  tokensIn: number
  tokensOut: number
  at: Date
}

export async function addAiUsage(db: DB, u: UsageRecord) {
  await db
    .insert(aiUsage)
    .values({ ...u, calls: 1, updatedAt: u.at })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day, aiUsage.operation, aiUsage.model, aiUsage.provider],
      set: {
        tokensIn: sql`${aiUsage.tokensIn} + excluded.tokens_in`,
        tokensOut: sql`${aiUsage.tokensOut} + excluded.tokens_out`,
        calls: sql`${aiUsage.calls} + 1`,
        updatedAt: u.at,
      },
    })
}

/** Tokens in + out the user spent on the server's model on `day`. */
export async function serverTokensOn(db: DB, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${aiUsage.tokensIn} + ${aiUsage.tokensOut}), 0)::int` })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day), eq(aiUsage.provider, "server")))
  return row?.n ?? 0
}

export async function usageSince(db: DB, userId: string, firstDay: string) {
  return db
    .select({
      day: aiUsage.day,
      operation: aiUsage.operation,
      model: aiUsage.model,
      provider: aiUsage.provider,
      tokensIn: aiUsage.tokensIn,
      tokensOut: aiUsage.tokensOut,
      calls: aiUsage.calls,
    })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), gte(aiUsage.day, firstDay)))
    .orderBy(aiUsage.day, aiUsage.operation, aiUsage.model)
}

// ---- pending claims

/**
 * Claims `key` for one model call: inserts the claim, or takes over one claimed before `staleBefore`. True when this
 * caller holds the claim now.
 */
export async function claimPending(db: DB, key: string, claim: string, at: Date, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .insert(aiPending)
    .values({ key, claim, claimedAt: at })
    .onConflictDoUpdate({
      target: aiPending.key,
      set: { claim, claimedAt: at },
      setWhere: sql`${aiPending.claimedAt} < ${staleBefore.toISOString()}`,
    })
    .returning({ claim: aiPending.claim })
  return rows[0]?.claim === claim
}

export async function releasePending(db: DB, key: string, claim: string) {
  await db.delete(aiPending).where(and(eq(aiPending.key, key), eq(aiPending.claim, claim)))
}

/** When the current claim on `key` was made, or undefined when nobody holds it. */
export async function pendingSince(db: DB, key: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: aiPending.claimedAt }).from(aiPending).where(eq(aiPending.key, key))
  return row?.at
}

// ---- results

export async function findSummary(db: DB, entryId: string, language: string, target: "content" | "readabilityContent") {
  const [row] = await db
    .select({ summary: aiSummaries.summary })
    .from(aiSummaries)
    .where(and(eq(aiSummaries.entryId, entryId), eq(aiSummaries.language, language), eq(aiSummaries.target, target)))
  return row?.summary
}

export async function saveSummary(
  db: DB,
  row: { entryId: string; language: string; target: "content" | "readabilityContent"; summary: string; at: Date },
) {
  await db
    .insert(aiSummaries)
    .values({ ...row, createdAt: row.at })
    .onConflictDoUpdate({
      target: [aiSummaries.entryId, aiSummaries.language, aiSummaries.target],
      set: { summary: row.summary, createdAt: row.at },
    })
}

export async function findTranslation(db: DB, entryId: string, language: string) {
  const [row] = await db
    .select()
    .from(aiTranslations)
    .where(and(eq(aiTranslations.entryId, entryId), eq(aiTranslations.language, language)))
  return row
}

/** Adds translated fields to the entry's row for `language`; fields not given keep what is stored. */
export async function saveTranslation(
  db: DB,
  entryId: string,
  language: string,
  fields: Partial<Record<TranslationField, string>>,
  at: Date,
) {
  if (!Object.keys(fields).length) return
  await db
    .insert(aiTranslations)
    .values({ entryId, language, ...fields, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: [aiTranslations.entryId, aiTranslations.language],
      set: { ...fields, updatedAt: at },
    })
}

// ---- chat attachments, counted per day in ai_usage (operation "chat-attachment", one call per file)

export async function addAttachments(db: DB, userId: string, day: string, count: number, at: Date) {
  await db
    .insert(aiUsage)
    .values({ userId, day, operation: "chat-attachment", model: "-", provider: "server", calls: count, updatedAt: at })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day, aiUsage.operation, aiUsage.model, aiUsage.provider],
      set: { calls: sql`${aiUsage.calls} + excluded.calls`, updatedAt: at },
    })
}

export async function attachmentsOn(db: DB, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: aiUsage.calls })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day), eq(aiUsage.operation, "chat-attachment")))
  return row?.n ?? 0
}
