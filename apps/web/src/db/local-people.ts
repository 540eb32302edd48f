// The people and the AI conversations in the local database (spec client §3: the users table, AI chat sessions and
// messages), beside the feeds of local-store.ts: a profile seen once (a claimed feed's owner, a list's author) and the
// chat history open without the network. Statements only, run by the caller; the database belongs to one user.
import type { UserProfile } from "@tidings/shared"
import type { ChatSession, SessionPage, StoredChatMessage } from "../api/ai-chat.ts"
import type { Statement } from "./local-store.ts"
import type { Row } from "./migrate.ts"

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))
const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
const parsed = <T>(value: unknown): T | null => {
  if (typeof value !== "string") return null
  try {
    return JSON.parse(value) as T
  } catch {
    return null
  }
}
const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null)
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)).toISOString())

/** The signed-in user (isMe, with e-mail) or another reader's public profile. */
export function saveUser(
  profile: UserProfile & { email?: string | null; emailVerified?: boolean | null },
  isMe = false,
): Statement {
  return {
    sql: `INSERT INTO users (id, email, handle, name, image, is_me, email_verified, bio, website, social_links)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (id) DO UPDATE SET handle = excluded.handle, name = excluded.name, image = excluded.image,
            bio = excluded.bio, website = excluded.website, social_links = excluded.social_links,
            email = coalesce(excluded.email, users.email), is_me = max(users.is_me, excluded.is_me),
            email_verified = coalesce(excluded.email_verified, users.email_verified)`,
    params: [
      profile.id,
      profile.email ?? null,
      profile.handle,
      profile.name,
      profile.image,
      isMe ? 1 : 0,
      profile.emailVerified === undefined || profile.emailVerified === null ? null : profile.emailVerified ? 1 : 0,
      profile.bio,
      profile.website,
      json(profile.socialLinks),
    ],
  }
}

export const loadUserSql = (id: string): Statement => ({
  sql: "SELECT id, handle, name, image, bio, website, social_links FROM users WHERE id = ?",
  params: [id],
})

export function userFrom(rows: Row[]): UserProfile | undefined {
  const row = rows[0]
  if (!row) return undefined
  return {
    id: String(row.id),
    name: text(row.name),
    handle: text(row.handle),
    image: text(row.image),
    bio: text(row.bio),
    website: text(row.website),
    socialLinks: parsed<Record<string, string>>(row.social_links),
  }
}

/** Chat sessions kept and shown at a start without the network: the newest, as the list's first page. */
export const CHAT_SESSIONS_KEPT = 20

/**
 * The sessions the list has loaded. Sessions the server no longer lists were deleted (here or on another device):
 * they go, their messages with them — every other one when the list is complete, otherwise those as new as the
 * oldest loaded one (older ones may be on a page not loaded).
 */
export function saveChatSessions(sessions: ChatSession[], complete: boolean): Statement[] {
  if (!sessions.length) return complete ? [{ sql: "DELETE FROM ai_chat_sessions" }] : []
  const ids = sessions.map((s) => s.chatId)
  const others = `id NOT IN (${ids.map(() => "?").join(", ")})`
  const oldest = Math.min(...sessions.map((s) => ms(s.updatedAt) ?? 0))
  return [
    complete
      ? { sql: `DELETE FROM ai_chat_sessions WHERE ${others}`, params: ids }
      : { sql: `DELETE FROM ai_chat_sessions WHERE updated_at >= ? AND ${others}`, params: [oldest, ...ids] },
    ...sessions.map((s) => ({
      sql: `INSERT INTO ai_chat_sessions (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at`,
      params: [s.chatId, s.title, ms(s.createdAt), ms(s.updatedAt)],
    })),
  ]
}

export const loadChatSessionsSql: Statement = {
  sql: "SELECT id, title, created_at, updated_at FROM ai_chat_sessions ORDER BY updated_at DESC, id DESC LIMIT ?",
  params: [CHAT_SESSIONS_KEPT],
}

/** The first page of the sessions list. Read marks are not kept: a session counts as seen at its last change. */
export function chatSessionsFrom(rows: Row[], userId: string): SessionPage {
  const data = rows.map((row) => chatSessionFrom(row, userId))
  return { data, total: data.length }
}

function chatSessionFrom(row: Row, userId: string): ChatSession {
  const updatedAt = iso(row.updated_at) ?? new Date(0).toISOString()
  return {
    chatId: String(row.id),
    userId,
    title: text(row.title) ?? "",
    createdAt: iso(row.created_at) ?? updatedAt,
    updatedAt,
    lastSeenAt: updatedAt,
  }
}

/** A session's newest messages as the server answered them, replacing what was kept of them. */
export function saveChatMessages(chatId: string, session: ChatSession | null, messages: StoredChatMessage[]) {
  const statements: Statement[] = []
  if (session)
    statements.push({
      sql: `INSERT INTO ai_chat_sessions (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, updated_at = excluded.updated_at`,
      params: [session.chatId, session.title, ms(session.createdAt), ms(session.updatedAt)],
    })
  // A message needs its session (the foreign key): one not kept yet gets a row the sessions list fills in later.
  else statements.push({ sql: "INSERT OR IGNORE INTO ai_chat_sessions (id) VALUES (?)", params: [chatId] })
  statements.push({ sql: "DELETE FROM ai_chat_messages WHERE chat_id = ?", params: [chatId] })
  for (const m of messages)
    statements.push({
      sql: `INSERT OR REPLACE INTO ai_chat_messages
              (id, chat_id, role, created_at, metadata, status, finished_at, message_parts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [
        m.id,
        chatId,
        m.role,
        ms(m.createdAt),
        json(m.metadata),
        m.status,
        ms(m.finishedAt),
        json(m.messageParts),
      ],
    })
  return statements
}

export const loadChatMessagesSql = (chatId: string): Statement => ({
  sql: `SELECT m.id, m.role, m.created_at, m.metadata, m.status, m.finished_at, m.message_parts,
               s.title, s.created_at AS s_created_at, s.updated_at AS s_updated_at
          FROM ai_chat_messages m JOIN ai_chat_sessions s ON s.id = m.chat_id
         WHERE m.chat_id = ? ORDER BY m.created_at, m.id`,
  params: [chatId],
})

export function chatMessagesFrom(rows: Row[], chatId: string, userId: string) {
  const first = rows[0]
  if (!first) return undefined
  return {
    chatSession: chatSessionFrom(
      { id: chatId, title: first.title, created_at: first.s_created_at, updated_at: first.s_updated_at },
      userId,
    ),
    messages: rows.map(
      (row): StoredChatMessage => ({
        id: String(row.id),
        chatId,
        role: String(row.role) as StoredChatMessage["role"],
        messageParts: parsed<StoredChatMessage["messageParts"]>(row.message_parts) ?? [],
        ...(row.metadata ? { metadata: parsed<NonNullable<StoredChatMessage["metadata"]>>(row.metadata) ?? {} } : {}),
        status: String(row.status ?? "completed") as StoredChatMessage["status"],
        createdAt: iso(row.created_at) ?? new Date(0).toISOString(),
        finishedAt: iso(row.finished_at),
      }),
    ),
  }
}
