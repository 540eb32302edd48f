// /ai/chat-sessions: the user's conversations with the AI (list newest first, page by page), their stored messages,
// rename, delete, mark seen, and which have answers not yet seen. The chat itself streams through useChat
// (features/ai-chat/chat-transport.ts), not through here.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface ChatSession {
  chatId: string
  userId: string
  title: string
  createdAt: string
  updatedAt: string
  lastSeenAt: string
}

export interface StoredChatMessage {
  id: string
  chatId: string
  role: "user" | "assistant" | "system"
  messageParts: { type: string; [key: string]: unknown }[]
  metadata?: { error?: string; code?: number; stopped?: boolean; context?: { mainEntryId?: string } } & Record<
    string,
    unknown
  >
  status: "pending" | "streaming" | "completed" | "error"
  createdAt: string
  finishedAt: string | null
}

export interface SessionPage {
  data: ChatSession[]
  total: number
  nextBefore?: string
}

export function listChatSessions(input: { before?: string; limit?: number }, signal?: AbortSignal) {
  return request<SessionPage & { code: 0 }>("/ai/chat-sessions", { query: input, signal })
}

export async function unreadChatSessions(signal?: AbortSignal): Promise<string[]> {
  return (await request<Ok<string[]>>("/ai/chat-sessions/unread", { signal })).data
}

export interface MessagePage {
  chatSession: ChatSession | null
  messages: StoredChatMessage[]
  nextBefore?: string
}

export async function chatMessages(
  chatId: string,
  input: { before?: string; limit?: number },
  signal?: AbortSignal,
): Promise<MessagePage> {
  const path = `/ai/chat-sessions/${encodeURIComponent(chatId)}/messages`
  return (await request<Ok<MessagePage>>(path, { query: input, signal })).data
}

export async function renameChatSession(chatId: string, title: string): Promise<ChatSession> {
  const path = `/ai/chat-sessions/${encodeURIComponent(chatId)}`
  return (await request<Ok<ChatSession>>(path, { method: "PATCH", body: { title } })).data
}

export async function deleteChatSession(chatId: string): Promise<void> {
  await request(`/ai/chat-sessions/${encodeURIComponent(chatId)}`, { method: "DELETE" })
}

export async function markChatSeen(chatId: string): Promise<void> {
  await request(`/ai/chat-sessions/${encodeURIComponent(chatId)}/mark-seen`, { method: "POST", body: {}, quiet: true })
}
