// The AI SDK's own chat client (AbstractChat with DefaultChatTransport: what @ai-sdk/react's useChat runs, minus
// React) over POST /ai/chat, with its state kept in memory, so tests speak to the server exactly as the web client does.
import { AbstractChat, type ChatState, type ChatStatus, DefaultChatTransport, type UIMessage } from "ai"

class MemoryState implements ChatState<UIMessage> {
  status: ChatStatus = "ready"
  error: Error | undefined = undefined
  constructor(public messages: UIMessage[]) {}
  pushMessage = (message: UIMessage) => {
    this.messages = [...this.messages, message]
  }
  popMessage = () => {
    this.messages = this.messages.slice(0, -1)
  }
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = this.messages.map((m, i) => (i === index ? message : m))
  }
  snapshot = <T>(thing: T): T => structuredClone(thing)
}

export interface TestChatOptions {
  messages?: UIMessage[]
  /** Extra body fields (e.g. `context`). */
  body?: Record<string, unknown>
}

export class TestChat extends AbstractChat<UIMessage> {
  /** Data parts received, transient ones included (the generated title). */
  readonly data: { type: string; data: unknown }[]

  constructor(baseUrl: string, token: string, id: string, options: TestChatOptions = {}) {
    const data: { type: string; data: unknown }[] = []
    super({
      id,
      state: new MemoryState(options.messages ?? []),
      transport: new DefaultChatTransport({
        api: `${baseUrl}/ai/chat`,
        headers: { authorization: `Bearer ${token}` },
        body: options.body,
      }),
      onData: (part) => data.push(part),
    })
    this.data = data
  }

  /** The server's error body, when the call failed with an HTTP error. */
  errorBody(): { code: number; message: string } | undefined {
    try {
      return this.error ? JSON.parse(this.error.message) : undefined
    } catch {
      return undefined
    }
  }
}

/** The text of a UI message's text parts. */
export function textOfMessage(message: { parts?: unknown[]; messageParts?: unknown[] } | undefined): string {
  const parts = (message?.parts ?? message?.messageParts ?? []) as { type: string; text?: string }[]
  return parts
    .filter((p) => p.type === "text")
    .map((p) => p.text)
    .join("")
}
