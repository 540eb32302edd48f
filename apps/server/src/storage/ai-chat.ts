// Chat sessions and their messages.
import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm"
import type { DB } from "./db.ts"
import { aiChatMessages, aiChatSessions } from "./schema.ts"

export type ChatSessionRow = typeof aiChatSessions.$inferSelect
export type ChatMessageRow = typeof aiChatMessages.$inferSelect
export type ChatMessageStatus = ChatMessageRow["status"]

// ---- sessions

export async function findChatSession(db: DB, chatId: string): Promise<ChatSessionRow | undefined> {
  const [row] = await db.select().from(aiChatSessions).where(eq(aiChatSessions.id, chatId))
  return row
}

/** The session, created for `userId` when nobody holds the id yet; whoever holds it, the row as it is now. */
export async function claimChatSession(db: DB, chatId: string, userId: string, at: Date) {
  const [created] = await db
    .insert(aiChatSessions)
    .values({ id: chatId, userId, createdAt: at, updatedAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning()
  if (created) return { session: created, created: true }
  const existing = await findChatSession(db, chatId)
  return existing ? { session: existing, created: false } : undefined
}

/** Locks the session row until the transaction ends: one request at a time appends to a conversation. */
export async function lockChatSession(db: DB, chatId: string) {
  await db.execute(sql`select 1 from ${aiChatSessions} where ${aiChatSessions.id} = ${chatId} for no key update`)
}

/** A page of the user's sessions, most recently active first; one more than `limit` tells whether more follow. */
export async function listChatSessions(db: DB, userId: string, limit: number, before?: Date) {
  const mine = eq(aiChatSessions.userId, userId)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(aiChatSessions)
      .where(before ? and(mine, lt(aiChatSessions.updatedAt, before)) : mine)
      .orderBy(desc(aiChatSessions.updatedAt), desc(aiChatSessions.id))
      .limit(limit + 1),
    db.select({ n: count() }).from(aiChatSessions).where(mine),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function updateChatSession(
  db: DB,
  userId: string,
  chatId: string,
  set: Partial<Pick<ChatSessionRow, "title" | "updatedAt" | "lastSeenAt">>,
): Promise<ChatSessionRow | undefined> {
  const [row] = await db
    .update(aiChatSessions)
    .set(set)
    .where(and(eq(aiChatSessions.id, chatId), eq(aiChatSessions.userId, userId)))
    .returning()
  return row
}

/** A generated title, unless the user named the session meanwhile. */
export async function setGeneratedTitle(db: DB, chatId: string, title: string): Promise<boolean> {
  const rows = await db
    .update(aiChatSessions)
    .set({ title })
    .where(and(eq(aiChatSessions.id, chatId), sql`coalesce(${aiChatSessions.title}, '') = ''`))
    .returning({ id: aiChatSessions.id })
  return rows.length > 0
}

/** Deletes the session and, by the foreign key's cascade, its messages. */
export async function deleteChatSession(db: DB, userId: string, chatId: string): Promise<boolean> {
  const rows = await db
    .delete(aiChatSessions)
    .where(and(eq(aiChatSessions.id, chatId), eq(aiChatSessions.userId, userId)))
    .returning({ id: aiChatSessions.id })
  return rows.length > 0
}

/** Sessions with an answer that finished after the user last looked at them, most recently active first. */
export async function unreadChatSessionIds(db: DB, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: aiChatSessions.id })
    .from(aiChatSessions)
    .where(
      and(
        eq(aiChatSessions.userId, userId),
        sql`exists (select 1 from ${aiChatMessages} m where m.chat_id = ${aiChatSessions.id}
          and m.role = 'assistant' and m.status in ('completed', 'error')
          and m.finished_at > ${aiChatSessions.lastSeenAt})`,
      ),
    )
    .orderBy(desc(aiChatSessions.updatedAt))
    .limit(limit)
  return rows.map((r) => r.id)
}

// ---- messages

export interface NewChatMessage {
  chatId: string
  id: string
  role: "user" | "assistant"
  parts: unknown[]
  metadata?: Record<string, unknown> | null
  status: ChatMessageStatus
  at: Date
}

/**
 * Appends a message; its created_at is `at`, or a millisecond after the session's latest message when that is not
 * earlier, so the order within a session is strict even for messages written in the same millisecond.
 */
export async function appendChatMessage(db: DB, m: NewChatMessage): Promise<ChatMessageRow> {
  const at = m.at.toISOString()
  const finished = m.status === "completed" ? at : null
  const rows = await db.execute<{ created_at: string }>(sql`
    insert into ${aiChatMessages} (chat_id, id, role, message_parts, metadata, status, created_at, finished_at)
    select ${m.chatId}, ${m.id}, ${m.role}, ${JSON.stringify(m.parts)}::jsonb, ${m.metadata ? JSON.stringify(m.metadata) : null}::jsonb,
      ${m.status}, greatest(${at}::timestamptz, coalesce(max(created_at) + interval '1 millisecond', ${at}::timestamptz)),
      ${finished}::timestamptz
    from ${aiChatMessages} where chat_id = ${m.chatId}
    returning created_at`)
  const createdAt = new Date(rows.rows[0]!.created_at)
  return {
    chatId: m.chatId,
    id: m.id,
    role: m.role,
    parts: m.parts,
    metadata: m.metadata ?? null,
    status: m.status,
    createdAt,
    finishedAt: m.status === "completed" ? createdAt : null,
  }
}

export async function findChatMessage(db: DB, chatId: string, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(aiChatMessages)
    .where(and(eq(aiChatMessages.chatId, chatId), eq(aiChatMessages.id, id)))
  return row
}

/** A resent user message (edited, or asked again): new parts, and everything after it is dropped. */
export async function replaceChatMessageFrom(
  db: DB,
  row: Pick<ChatMessageRow, "chatId" | "id" | "createdAt">,
  parts: unknown[],
  metadata: Record<string, unknown> | null,
) {
  await db
    .update(aiChatMessages)
    .set({ parts, metadata })
    .where(and(eq(aiChatMessages.chatId, row.chatId), eq(aiChatMessages.id, row.id)))
  await db
    .delete(aiChatMessages)
    .where(
      and(eq(aiChatMessages.chatId, row.chatId), sql`${aiChatMessages.createdAt} > ${row.createdAt.toISOString()}`),
    )
}

/**
 * Moves an unfinished message on: to streaming, or to its final state. A message already final, or gone (a retry
 * replaced it), is left as it is; answers whether the row changed.
 */
export async function advanceChatMessage(
  db: DB,
  chatId: string,
  id: string,
  set: { status: ChatMessageStatus; parts?: unknown[]; metadata?: Record<string, unknown>; finishedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(aiChatMessages)
    .set(set)
    .where(
      and(
        eq(aiChatMessages.chatId, chatId),
        eq(aiChatMessages.id, id),
        inArray(aiChatMessages.status, ["pending", "streaming"]),
      ),
    )
    .returning({ id: aiChatMessages.id })
  return rows.length > 0
}

/**
 * Ends the session's unfinished answers as errors: a new turn supersedes them (another tab went on, or the process
 * that was streaming one stopped). Their own stream, if still running, then finds them final and leaves them be.
 */
export async function interruptChatAnswers(db: DB, chatId: string, at: Date) {
  await db
    .update(aiChatMessages)
    .set({ status: "error", parts: [], metadata: { error: "Interrupted by a newer message" }, finishedAt: at })
    .where(and(eq(aiChatMessages.chatId, chatId), inArray(aiChatMessages.status, ["pending", "streaming"])))
}

/** The conversation before `until` as the model should see it: finished messages only, the latest `limit`, in order. */
export async function chatHistory(db: DB, chatId: string, until: Date, limit: number): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(aiChatMessages)
    .where(
      and(
        eq(aiChatMessages.chatId, chatId),
        eq(aiChatMessages.status, "completed"),
        lt(aiChatMessages.createdAt, until),
      ),
    )
    .orderBy(desc(aiChatMessages.createdAt))
    .limit(limit)
  return rows.reverse()
}

/** The `limit` messages before the cursor (newest page first), in conversation order; one more tells if more exist. */
export async function chatMessagesPage(db: DB, chatId: string, limit: number, before?: Date) {
  const inChat = eq(aiChatMessages.chatId, chatId)
  const rows = await db
    .select()
    .from(aiChatMessages)
    .where(before ? and(inChat, lt(aiChatMessages.createdAt, before)) : inChat)
    .orderBy(desc(aiChatMessages.createdAt))
    .limit(limit + 1)
  const more = rows.length > limit
  const page = rows.slice(0, limit).reverse()
  return { rows: page, more }
}
