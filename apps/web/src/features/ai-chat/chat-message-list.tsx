// The conversation as the reader sees it: their messages on the right, the answers as markdown, each tool the model
// used as one compact line (its name, how it went, a short result) that opens to show what it was given and gave.
import type { UIMessage } from "ai"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { Markdown } from "./markdown.tsx"
import { MENTION_ICONS } from "./mention-list.tsx"
import { shownMentions } from "./mentions.ts"

/** The markdown's own look, kept to the chat (the article's .entry-content is tuned for long reading). */
export const MARKDOWN_CLASS = cx(
  "text-sm leading-relaxed break-words [&>*+*]:mt-2",
  "[&_a]:text-accent-strong [&_a]:underline [&_a]:underline-offset-2",
  "[&_code]:rounded [&_code]:bg-hover [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.85em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-hover [&_pre]:p-2.5 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:pl-5 [&_li+li]:mt-1",
  "[&_h3,&_h4]:font-semibold [&_h3]:text-base",
  "[&_blockquote]:border-l-2 [&_blockquote]:border-line [&_blockquote]:pl-3 [&_blockquote]:text-ink-soft",
)

export interface ShownMessage extends UIMessage {
  /** From the server's copy: an answer that failed (its reason) or is still being written elsewhere. */
  stored?: { status: string; error?: string }
}

type ToolPart = { type: string; state?: string; input?: unknown; output?: unknown; errorText?: string }

const DETAIL_CLASS = "max-h-48 overflow-auto border-t border-line px-2.5 py-2 whitespace-pre-wrap text-ink-soft"

const isToolPart = (part: { type: string }) => part.type.startsWith("tool-") || part.type === "dynamic-tool"

export function MessageList({ messages, busy }: { messages: ShownMessage[]; busy: boolean }) {
  const { t } = useTranslation("ai-chat")
  const last = messages.at(-1)
  return (
    <ol className="flex flex-col gap-4" aria-label={t("messages")}>
      {messages.map((message) => (
        <li key={message.id} data-testid={`chat-message-${message.role}`} data-message-id={message.id}>
          {message.role === "user" ? <UserMessage message={message} /> : <Answer message={message} />}
        </li>
      ))}
      {busy && last?.role === "user" && (
        <li data-testid="chat-thinking" className="flex items-center gap-2 text-sm text-ink-faint">
          <Dots />
          {t("thinking")}
        </li>
      )}
    </ol>
  )
}

function textOf(message: UIMessage): string {
  return message.parts.map((part) => (part.type === "text" ? part.text : "")).join("\n\n")
}

function UserMessage({ message }: { message: UIMessage }) {
  const { t } = useTranslation("ai-chat")
  const mentions = shownMentions(message.metadata)
  return (
    <div className="ml-auto w-fit max-w-[88%] rounded-2xl rounded-br-md bg-accent/10 px-3.5 py-2 text-ink">
      {mentions.length > 0 && (
        <ul className="mb-1.5 flex flex-wrap gap-1" aria-label={t("mention.sent")} data-testid="chat-message-mentions">
          {mentions.map((m, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two mentions may share a label
              key={i}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-accent/30 bg-surface px-2 py-0.5 text-xs text-ink-soft"
              title={`${t(`mention.kind.${m.kind}`)}: ${m.label}`}
            >
              <Icon name={MENTION_ICONS[m.kind]} className="size-3 shrink-0" />
              <span className="sr-only">{t(`mention.kind.${m.kind}`)}: </span>
              <span className="truncate">{m.label}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={MARKDOWN_CLASS}>
        <Markdown text={textOf(message)} />
      </div>
    </div>
  )
}

function Answer({ message }: { message: ShownMessage }) {
  const { t } = useTranslation("ai-chat")
  const { stored } = message
  return (
    <div className="flex flex-col gap-2">
      {message.parts.map((part, i) => {
        const key = `${message.id}-${i}`
        if (part.type === "text")
          return (
            <div key={key} className={MARKDOWN_CLASS} data-testid="chat-answer-text">
              <Markdown text={part.text} />
            </div>
          )
        if (isToolPart(part)) return <ToolCall key={key} part={part as ToolPart} />
        return null
      })}
      {stored?.status === "error" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="chat-answer-failed">
          {t("answer_failed", { reason: stored.error ?? "" })}
        </p>
      )}
      {(stored?.status === "pending" || stored?.status === "streaming") && message.parts.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-ink-faint">
          <Dots />
          {t("being_written")}
        </p>
      )}
    </div>
  )
}

/** A short line for a tool's result: how many things it found, or the start of what it said. */
export function toolResultSummary(output: unknown): string {
  if (output === undefined || output === null) return ""
  if (Array.isArray(output)) return `${output.length}`
  if (typeof output === "string") return output.length > 80 ? `${output.slice(0, 80)}…` : output
  if (typeof output === "object") {
    const lists = Object.values(output).filter(Array.isArray)
    if (lists.length === 1) return `${(lists[0] as unknown[]).length}`
  }
  const json = JSON.stringify(output)
  return json.length > 80 ? `${json.slice(0, 80)}…` : json
}

function ToolCall({ part }: { part: ToolPart }) {
  const { t } = useTranslation("ai-chat")
  const name = part.type === "dynamic-tool" ? String((part as { toolName?: string }).toolName) : part.type.slice(5)
  const state =
    part.state === "output-available" ? "done" : part.state === "output-error" ? "failed" : ("running" as const)
  const summary = state === "done" ? toolResultSummary(part.output) : state === "failed" ? (part.errorText ?? "") : ""
  const count = /^\d+$/.test(summary)
  const detail = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a long result scrolls by keyboard too
    <pre tabIndex={0} className={DETAIL_CLASS}>
      {JSON.stringify({ input: part.input, output: part.output ?? part.errorText }, null, 2).slice(0, 4000)}
    </pre>
  )
  return (
    <details className="group rounded-lg border border-line text-xs" data-testid="chat-tool" data-state={state}>
      <summary className="flex cursor-pointer list-none items-center gap-2 px-2.5 py-1.5 text-ink-soft">
        <Icon
          name={state === "done" ? "check" : state === "failed" ? "x" : "refresh"}
          className={cx(
            "size-3.5 shrink-0",
            state === "running" && "animate-spin",
            state === "failed" && "text-red-600",
          )}
        />
        <span className="font-medium text-ink" data-testid="chat-tool-name">
          {t(`tool.${name}`, { defaultValue: name })}
        </span>
        <span className="text-ink-faint">{t(`tool_state.${state}`)}</span>
        {summary && (
          <span className="min-w-0 flex-1 truncate text-ink-faint" data-testid="chat-tool-result">
            {count ? t("tool_results", { count: Number(summary) }) : summary}
          </span>
        )}
        <Icon name="chevronRight" className="ml-auto size-3.5 shrink-0 transition-transform group-open:rotate-90" />
      </summary>
      {detail}
    </details>
  )
}

function Dots() {
  return (
    <span className="inline-flex gap-1" aria-hidden="true">
      <span className="size-1.5 animate-pulse rounded-full bg-ink-faint" />
      <span className="size-1.5 animate-pulse rounded-full bg-ink-faint [animation-delay:150ms]" />
      <span className="size-1.5 animate-pulse rounded-full bg-ink-faint [animation-delay:300ms]" />
    </span>
  )
}
