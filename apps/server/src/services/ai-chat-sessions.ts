// /ai/chat-sessions: a user's conversations (list, get, rename, delete), their messages page by page, and which have
// answers the user has not seen. Another user's session is "not found", exactly like one that does not exist.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import {
  type ChatMessageRow,
  type ChatSessionRow,
  chatMessagesPage,
  deleteChatSession,
  findChatSession,
  listChatSessions,
  unreadChatSessionIds,
  updateChatSession,
} from "../storage/ai-chat.ts"

export function toSession(row: ChatSessionRow) {
  return {
    chatId: row.id,
    userId: row.userId,
    title: row.title ?? "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }
}

export function toMessage(row: ChatMessageRow) {
  return {
    id: row.id,
    chatId: row.chatId,
    role: row.role,
    messageParts: row.parts,
    metadata: row.metadata ?? undefined,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const notFound = () => new AppError(ErrorCode.NotFound, { message: "Chat session not found" })

async function ownSession(deps: Deps, userId: string, chatId: string): Promise<ChatSessionRow | undefined> {
  const row = await findChatSession(deps.db, chatId)
  return row?.userId === userId ? row : undefined
}

export async function listSessions(deps: Deps, userId: string, input: { limit?: number; before?: Date }) {
  const limit = input.limit ?? 20
  const { rows, total } = await listChatSessions(deps.db, userId, limit, input.before)
  const page = rows.slice(0, limit)
  const nextBefore = rows.length > limit ? page.at(-1)?.updatedAt.toISOString() : undefined
  return { code: 0 as const, data: page.map(toSession), total, ...(nextBefore ? { nextBefore } : {}) }
}

export async function getSession(deps: Deps, userId: string, chatId: string) {
  const row = await ownSession(deps, userId, chatId)
  if (!row) throw notFound()
  return toSession(row)
}

export async function renameSession(deps: Deps, userId: string, chatId: string, title: string) {
  const row = await updateChatSession(deps.db, userId, chatId, { title, updatedAt: deps.now() })
  if (!row) throw notFound()
  return toSession(row)
}

export async function removeSession(deps: Deps, userId: string, chatId: string) {
  if (!(await deleteChatSession(deps.db, userId, chatId))) throw notFound()
}

export async function markSessionSeen(deps: Deps, userId: string, chatId: string, at?: Date) {
  const row = await updateChatSession(deps.db, userId, chatId, { lastSeenAt: at ?? deps.now() })
  if (!row) throw notFound()
  return toSession(row)
}

export function unreadSessions(deps: Deps, userId: string, limit?: number) {
  return unreadChatSessionIds(deps.db, userId, limit ?? 50)
}

/**
 * A page of messages, in conversation order, ending before `before` (the newest page first). A session the user
 * does not have (not yet created by a first message, or someone else's) reads as `chatSession: null`, no messages.
 */
export async function sessionMessages(
  deps: Deps,
  userId: string,
  chatId: string,
  input: { limit?: number; before?: Date },
) {
  const session = await ownSession(deps, userId, chatId)
  if (!session) return { chatSession: null, messages: [] }
  const { rows, more } = await chatMessagesPage(deps.db, chatId, input.limit ?? 50, input.before)
  const nextBefore = more ? rows[0]?.createdAt.toISOString() : undefined
  return { chatSession: toSession(session), messages: rows.map(toMessage), ...(nextBefore ? { nextBefore } : {}) }
}
