// POST /ai/chat: one turn of a conversation. The rules run before anything is stored (who may chat, attachments,
// a model, the budget); then the user's message and a pending assistant message are stored together, and the
// answer streams (ai/chat-stream.ts) with the tools over the caller's own data (ai/chat-tools.ts) and what they
// @-mentioned in the system prompt (ai/chat-context.ts). The stored conversation is what the model sees: of the
// messages a client sends only the last (the user's) is taken, and resending a stored one (edit, retry) replaces
// everything after it.
import type { UIMessage } from "ai"
import { type ContextInput, contextText, mergeRefs, readableMentions, refsOf, userText } from "../ai/chat-context.ts"
import { streamChat } from "../ai/chat-stream.ts"
import { chatTools } from "../ai/chat-tools.ts"
import { assertBudget, type Caller, dayOf, withPersonalPrompt } from "../ai/complete.ts"
import { CHAT_SYSTEM, LANGUAGE_NAMES } from "../ai/prompts.ts"
import { requireProvider } from "../ai/provider.ts"
import type { AiRuntime } from "../ai/runtime.ts"
import type { Config } from "../config.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { addAttachments, attachmentsOn } from "../storage/ai.ts"
import {
  advanceChatMessage,
  appendChatMessage,
  type ChatMessageRow,
  chatHistory,
  claimChatSession,
  findChatMessage,
  interruptChatAnswers,
  lockChatSession,
  replaceChatMessageFrom,
  setGeneratedTitle,
  updateChatSession,
} from "../storage/ai-chat.ts"
import { type DB, withTransaction } from "../storage/db.ts"
import { personalPromptOf } from "../storage/settings.ts"
import { isFeatureEnabled } from "./admin.ts"
import { preferredLanguage } from "./ai-entries.ts"
import { recallMemories } from "./ai-memories.ts"
import { summaryTitle } from "./ai-title.ts"
import { mcpChatTools } from "./mcp.ts"
import type { SessionInfo } from "./session.ts"

export interface ChatMessageInput {
  id?: string
  role: "user" | "assistant" | "system"
  parts?: { type: string; [key: string]: unknown }[]
  /** The SDK's older shape: plain text instead of parts. */
  content?: string
  metadata?: unknown
}

export interface ChatInput {
  /** The session (useChat's chat id). */
  id: string
  messages?: ChatMessageInput[]
  /** Only the new message (a client that sends just the last one). */
  message?: ChatMessageInput
  trigger?: "submit-message" | "regenerate-message"
  messageId?: string
  model?: string
  context?: ContextInput
}

/** Stored messages the model sees before the new one. */
const HISTORY_MESSAGES = 40
/** Characters of an attached text file the model reads. */
const FILE_TEXT_CHARS = 20_000
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/

export function chatAllowed(config: Config, role: string): boolean {
  return config.AI_CHAT_ROLES.length === 0 || config.AI_CHAT_ROLES.includes(role)
}

function invalid(reason: string): AppError {
  return new AppError(ErrorCode.InvalidInput, { reason })
}

/** The new user message: the last one sent, with text. */
function userMessageOf(input: ChatInput) {
  const sent = input.message ?? input.messages?.at(-1)
  if (!sent) throw invalid("messages: send the conversation, or at least the new message")
  if (sent.role !== "user") throw invalid("messages: the last message must be the user's")
  const parts = sent.parts ?? (sent.content !== undefined ? [{ type: "text", text: sent.content }] : [])
  for (const part of parts) {
    const ok = part.type === "text" || part.type === "file" || part.type.startsWith("data-")
    if (!ok) throw invalid(`messages: a user message cannot have a "${part.type}" part`)
  }
  const hasFile = parts.some((p) => p.type === "file")
  if (!userText(parts).trim() && !hasFile) throw invalid("messages: the user's message is empty")
  const metadata =
    sent.metadata && typeof sent.metadata === "object" && !Array.isArray(sent.metadata)
      ? (sent.metadata as Record<string, unknown>)
      : {}
  return { id: sent.id ?? newId(), parts: parts as unknown[], metadata }
}

/** The attached files, which must be images or text sent inline as data: URLs (never fetched from elsewhere). */
function attachedFiles(parts: unknown[]) {
  return parts
    .filter((p): p is { type: "file"; url: unknown; mediaType: unknown } => (p as { type: string }).type === "file")
    .map((p) => {
      if (typeof p.url !== "string" || !p.url.startsWith("data:"))
        throw invalid("messages: attach files inline as data: URLs")
      if (typeof p.mediaType !== "string" || !(IMAGE_TYPES.test(p.mediaType) || p.mediaType.startsWith("text/")))
        throw invalid("messages: only images (PNG, JPEG, GIF, WebP) and text files can be attached")
      return p
    })
}

async function assertAttachments(deps: Deps, userId: string, count: number, day: string) {
  const max = deps.config.AI_CHAT_MAX_FILES
  const used = await attachmentsOn(deps.db, userId, day)
  if (used + count > max)
    throw new AppError(ErrorCode.AIAttachmentFileLimitExceeded, {
      reason: `${used} of ${max} files attached today; the limit resets at midnight UTC`,
    })
}

/** Stores the user's message (or replaces a resent one and what followed it) and a pending assistant message. */
async function storeTurn(
  tx: DB,
  input: ChatInput,
  userId: string,
  message: ReturnType<typeof userMessageOf>,
  at: Date,
) {
  const claimed = await claimChatSession(tx, input.id, userId, at)
  if (!claimed || claimed.session.userId !== userId)
    throw new AppError(ErrorCode.NotFound, { message: "Chat session not found" })
  await lockChatSession(tx, input.id)
  await interruptChatAnswers(tx, input.id, at)
  const metadata = input.context ? { ...message.metadata, context: input.context } : message.metadata
  const existing = await findChatMessage(tx, input.id, message.id)
  if (existing && existing.role !== "user") throw invalid("messages: that message id belongs to an answer")
  let userRow: ChatMessageRow
  if (existing) {
    await replaceChatMessageFrom(tx, existing, message.parts, metadata)
    userRow = { ...existing, parts: message.parts, metadata }
  } else {
    userRow = await appendChatMessage(tx, {
      chatId: input.id,
      id: message.id,
      role: "user",
      parts: message.parts,
      metadata,
      status: "completed",
      at,
    })
  }
  const assistant = await appendChatMessage(tx, {
    chatId: input.id,
    id: newId(),
    role: "assistant",
    parts: [],
    status: "pending",
    at,
  })
  await updateChatSession(tx, userId, input.id, { updatedAt: at })
  return { session: claimed.session, userRow, assistantId: assistant.id }
}

/** A stored message as the model should read it: mentions as words, rich text as text, text files inlined. */
function forModel(row: Pick<ChatMessageRow, "id" | "role" | "parts">): UIMessage {
  const parts = (row.parts as { type: string; [key: string]: unknown }[]).flatMap((p) => {
    if (row.role !== "user") return p.type.startsWith("data-") ? [] : [p]
    if (p.type === "text") return [{ type: "text", text: readableMentions(String(p.text ?? "")) }]
    if (p.type === "data-rich-text") return [{ type: "text", text: readableMentions(userText([p])) }]
    if (p.type === "file" && String(p.mediaType).startsWith("text/")) {
      const text = decodeDataUrl(String(p.url)).slice(0, FILE_TEXT_CHARS)
      return [{ type: "text", text: `Attached file ${String(p.filename ?? "")}:\n${text}` }]
    }
    return p.type === "file" ? [p] : []
  })
  return { id: row.id, role: row.role, parts } as UIMessage
}

function decodeDataUrl(url: string): string {
  const comma = url.indexOf(",")
  const head = url.slice(0, comma)
  const data = url.slice(comma + 1)
  return head.endsWith(";base64") ? Buffer.from(data, "base64").toString("utf8") : decodeURIComponent(data)
}

/** A title for a new conversation from its first message, stored unless the user named it meanwhile. */
async function generateTitle(ai: AiRuntime, caller: Caller, chatId: string, parts: unknown[]) {
  try {
    const { title } = await summaryTitle(ai, caller, [{ role: "user", content: readableMentions(userText(parts)) }])
    if (title && (await setGeneratedTitle(ai.deps.db, chatId, title))) return title
  } catch (error) {
    ai.deps.log.warn("chat title not generated", { chatId, error: (error as Error).message })
  }
  return undefined
}

export async function chat(ai: AiRuntime, session: SessionInfo, input: ChatInput, signal: AbortSignal) {
  const { deps } = ai
  const caller: Caller = { userId: session.userId, role: session.role }
  if (!chatAllowed(deps.config, session.role)) throw new AppError(ErrorCode.AINoAccess)
  // The official client's one feature flag: an admin can turn chat off for everyone, a share, or one user.
  if (!(await isFeatureEnabled(deps, session.userId, "ai_chat"))) {
    throw new AppError(ErrorCode.AINoAccess, { reason: "AI chat is turned off for your account by the administrator" })
  }
  const message = userMessageOf(input)
  const files = attachedFiles(message.parts)
  if (files.length && deps.config.AI_CHAT_MAX_FILES === 0)
    throw new AppError(ErrorCode.AIAttachmentFileLimitExceeded, { reason: "This server accepts no attachments" })
  const provider = await requireProvider(deps, caller.userId, "main")
  if (provider.source === "server") await assertBudget(deps, caller)
  const now = deps.now()
  if (files.length) await assertAttachments(deps, caller.userId, files.length, dayOf(now))

  const turn = await withTransaction(deps.db, (tx) => storeTurn(tx, input, caller.userId, message, now))
  if (files.length) await addAttachments(deps.db, caller.userId, dayOf(now), files.length, now)
  const fail = async (error: unknown) => {
    await advanceChatMessage(deps.db, input.id, turn.assistantId, {
      status: "error",
      parts: [],
      metadata: { error: (error as Error).message },
      finishedAt: deps.now(),
    })
    throw error
  }
  try {
    const [history, language, mcpTools, memories, personal] = await Promise.all([
      chatHistory(deps.db, input.id, turn.userRow.createdAt, HISTORY_MESSAGES),
      preferredLanguage(deps, caller.userId),
      mcpChatTools(deps, caller.userId),
      recallMemories(deps, caller.userId),
      personalPromptOf(deps.db, caller.userId),
    ])
    const refs = mergeRefs([
      refsOf(message.parts, input.context),
      ...history
        .filter((m) => m.role === "user")
        .reverse()
        .map((m) => refsOf(m.parts, (m.metadata as { context?: ContextInput } | null)?.context)),
    ])
    const context = await contextText(deps, caller.userId, refs)
    const title =
      !turn.session.title && !history.length ? generateTitle(ai, caller, input.id, message.parts) : undefined
    return await streamChat({
      deps,
      provider,
      userId: caller.userId,
      chatId: input.id,
      assistantId: turn.assistantId,
      system: withPersonalPrompt(
        [CHAT_SYSTEM(now.toISOString().slice(0, 10), LANGUAGE_NAMES[language]), memoryText(memories), context]
          .filter(Boolean)
          .join("\n\n"),
        personal,
      ),
      messages: [...history, turn.userRow].map(forModel),
      // The user's enabled MCP tools are named mcp_<service>_<tool>, so they never shadow the built-in ones.
      tools: { ...mcpTools, ...chatTools(deps, session) },
      requestSignal: signal,
      title,
    })
  } catch (error) {
    return fail(error)
  }
}

/** The user's memories (services/ai-memories.ts) as a section of the system prompt; empty when there are none. */
function memoryText(memories: string[]): string {
  if (!memories.length) return ""
  return `What the user asked you to remember about them:\n${memories.map((m) => `- ${m.replace(/\s+/g, " ")}`).join("\n")}`
}
