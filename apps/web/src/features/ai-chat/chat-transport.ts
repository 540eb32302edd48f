// How useChat reaches POST /ai/chat: with the session cookie, and only the new message (plus the session id and
// what the turn is about). The server keeps the conversation itself and caps a body at 1 MiB, so a long chat never
// grows the request; a retry resends the user's last message, which replaces what followed it on the server.
import { DefaultChatTransport, type UIMessage } from "ai"
import { ApiError, errorFromResponse } from "../../api/api-error.ts"
import { buildUrl } from "../../api/request.ts"
import type { MentionContext } from "./mentions.ts"

/** What the chat is about besides the text: the open entry, and the feeds, entries and dates @-mentioned. */
export interface ChatContext extends MentionContext {
  mainEntryId?: string
}

export interface ChatRequestBody {
  id: string
  message: UIMessage
  trigger: "submit-message" | "regenerate-message"
  messageId?: string
  context?: ChatContext
}

/** The body for one turn: the last message only (the user's, in both a new turn and a retry). */
export function chatRequestBody(input: {
  id: string
  messages: UIMessage[]
  trigger: "submit-message" | "regenerate-message"
  messageId?: string
  body?: object
}): ChatRequestBody {
  const message = input.messages.at(-1)
  if (!message) throw new Error("a chat turn needs a message")
  const context = (input.body as { context?: ChatContext } | undefined)?.context
  return {
    id: input.id,
    message,
    trigger: input.trigger,
    ...(input.messageId ? { messageId: input.messageId } : {}),
    ...(context && Object.keys(context).length ? { context } : {}),
  }
}

export function createChatTransport(): DefaultChatTransport<UIMessage> {
  return new DefaultChatTransport({
    api: buildUrl("/ai/chat"),
    credentials: "include",
    fetch: chatFetch,
    prepareSendMessagesRequest: (options) => ({ body: chatRequestBody(options) }),
  })
}

/**
 * A refusal before the answer starts (no model: code 5, the budget: 15000, bad input) arrives as the catalogue's
 * JSON; it becomes the app's ApiError, so the chat shows it the way every other AI screen does.
 */
async function chatFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let res: Response
  try {
    res = await fetch(input, init)
  } catch (error) {
    if (init?.signal?.aborted) throw error
    throw new ApiError({ kind: "network", status: 0, message: "Network error", method: "POST", path: "/ai/chat" })
  }
  if (res.ok) return res
  const body = await res.json().catch(() => undefined)
  throw errorFromResponse(res.status, res.statusText, body, { method: "POST", path: "/ai/chat" })
}
