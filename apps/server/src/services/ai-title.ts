// POST /ai/summary-title: a short title for a conversation (chat sessions name themselves with it).
import { type Caller, complete } from "../ai/complete.ts"
import { TITLE_SYSTEM } from "../ai/prompts.ts"
import type { AiRuntime } from "../ai/runtime.ts"

export interface TitleMessage {
  role: string
  content?: unknown
  parts?: unknown
}

/** The conversation as plain lines, from {role, content} messages or AI SDK UI messages ({role, parts}). */
function transcript(messages: TitleMessage[]): string {
  const textOf = (m: TitleMessage): string => {
    if (typeof m.content === "string") return m.content
    const parts = Array.isArray(m.parts) ? m.parts : Array.isArray(m.content) ? m.content : []
    return parts
      .map((p) =>
        p && typeof p === "object" && (p as { type?: unknown }).type === "text"
          ? String((p as { text?: unknown }).text ?? "")
          : "",
      )
      .join(" ")
  }
  return messages
    .map((m) => `${m.role}: ${textOf(m).trim()}`)
    .filter((line) => !line.endsWith(": "))
    .join("\n")
    .slice(0, 4000)
}

export async function summaryTitle(ai: AiRuntime, caller: Caller, messages: TitleMessage[]) {
  const text = transcript(messages)
  const title = await complete(ai.deps, caller, {
    operation: "summary-title",
    speed: "fast",
    system: TITLE_SYSTEM,
    prompt: text || "(empty conversation)",
    maxOutputTokens: 40,
  })
  return {
    title: title
      .replace(/^["'「『]+|["'」』.。]+$/g, "")
      .trim()
      .slice(0, 120),
  }
}
