// One conversation: its stored messages (the newest page, earlier ones on request), then useChat streaming new
// answers from POST /ai/chat. Used by the panel and by the /ai page. A conversation the server has never seen (a
// new chat) is not asked for.
import { useChat } from "@ai-sdk/react"
import type { UIMessage } from "ai"
import { useEffect, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { chatMessages, type MessagePage } from "../../api/ai-chat.ts"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { track } from "../../lib/analytics.ts"
import { cx } from "../../lib/cx.ts"
import { useEntry } from "../../queries/entries.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { AiProblem, NoModelHint } from "../ai/ai-problem.tsx"
import { useAiConfig } from "../ai/ai-queries.ts"
import { ChatInput } from "./chat-input.tsx"
import { MessageList, type ShownMessage } from "./chat-message-list.tsx"
import { useMarkChatSeen, useRefreshSessions, useStoredMessages } from "./chat-queries.ts"
import { type ChatContext, createChatTransport } from "./chat-transport.ts"
import { type Mention, mentionContext } from "./mentions.ts"

export interface ChatViewProps {
  chatId: string
  /** Started here and not sent yet: nothing stored to read. */
  fresh: boolean
  /** The entry open beside the chat, which goes with each message as its context. */
  entryId?: string
  /** Called when the first message of a fresh conversation is sent (it exists on the server from then on). */
  onStarted?: () => void
  /** On a page of its own: the conversation keeps a readable measure instead of the full width. */
  measured?: boolean
}

/** Render with key={chatId}: a conversation's freshness is read once, so sending its first message keeps it. */
export function ChatView(props: ChatViewProps) {
  const { t } = useTranslation("ai-chat")
  const [fresh] = useState(props.fresh)
  const stored = useStoredMessages(props.chatId, !fresh)
  if (!fresh && stored.isPending) return <LoadingPane label={t("loading")} />
  if (!fresh && stored.isError)
    return (
      <div className="p-4">
        <AiProblem error={stored.error} onRetry={() => void stored.refetch()} />
      </div>
    )
  return <Conversation key={props.chatId} {...props} initial={fresh ? undefined : stored.data} />
}

function toUiMessages(page: MessagePage | undefined): ShownMessage[] {
  return (page?.messages ?? [])
    .filter((m) => m.role !== "system")
    .map((m) => ({
      id: m.id,
      role: m.role,
      parts: m.messageParts as UIMessage["parts"],
      metadata: m.metadata,
      stored: { status: m.status, error: m.metadata?.error },
    }))
}

function Conversation({ chatId, entryId, onStarted, initial, measured }: ChatViewProps & { initial?: MessagePage }) {
  const { t } = useTranslation("ai-chat")
  const transport = useMemo(createChatTransport, [])
  const refreshSessions = useRefreshSessions()
  const markSeen = useMarkChatSeen()
  const autoScroll = useSettingsStore((state) => state.ai.autoScrollWhenStreaming)
  const config = useAiConfig()
  const initialMessages = useMemo(() => toUiMessages(initial), [initial])
  const storedState = useMemo(() => new Map(initialMessages.map((m) => [m.id, m.stored])), [initialMessages])
  const [nextBefore, setNextBefore] = useState(initial?.nextBefore)
  const [loadingOlder, setLoadingOlder] = useState(false)
  const [detached, setDetached] = useState<string | undefined>()
  /** The last message's mentions: a retry resends the message, and the server replaces its context with the retry's. */
  const lastMentions = useRef<ChatContext>({})
  const scroller = useRef<HTMLDivElement>(null)
  const chat = useChat({
    id: chatId,
    messages: initialMessages,
    transport,
    experimental_throttle: 40,
    onData: (part) => {
      if (part.type === "data-generated-title") refreshSessions()
    },
    onFinish: () => {
      refreshSessions()
      markSeen.mutate(chatId)
    },
  })
  const busy = chat.status === "submitted" || chat.status === "streaming"
  const contextId = entryId && entryId !== detached ? entryId : undefined
  const entry = useEntry(contextId)

  // Opening a conversation marks its answers seen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per conversation shown
  useEffect(() => {
    if (initial?.chatSession) markSeen.mutate(chatId)
  }, [chatId])

  const toBottom = () => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }
  // The stored conversation opens at its end.
  useEffect(toBottom, [])
  // While an answer streams the view follows it, unless the user turned that off (autoScrollWhenStreaming).
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows every update of the messages
  useEffect(() => {
    if (busy && autoScroll) toBottom()
  }, [chat.messages, busy, autoScroll])

  const send = (text: string, mentions: Mention[]) => {
    if (!chat.messages.length) onStarted?.()
    chat.clearError()
    lastMentions.current = mentionContext(mentions)
    const context = { ...(contextId ? { mainEntryId: contextId } : {}), ...lastMentions.current }
    // The labels go in the message's metadata, which the server stores, so the bubble shows them after a reload.
    const metadata = mentions.length ? { mentions: mentions.map(({ kind, label }) => ({ kind, label })) } : undefined
    void chat.sendMessage({ text, metadata }, { body: { context } })
    track("ai_chat_message_sent")
    requestAnimationFrame(toBottom)
  }
  // The retried message's mentions: as sent here, or as the server stored them with it.
  const retried = (): ChatContext => {
    const last = chat.messages.findLast((m) => m.role === "user")
    const stored = (last?.metadata as { context?: ChatContext } | undefined)?.context
    if (!stored) return lastMentions.current
    // Undefined kinds vanish when the body is written as JSON.
    return { referFeedIds: stored.referFeedIds, referEntryIds: stored.referEntryIds, dates: stored.dates }
  }
  const retry = () => {
    chat.clearError()
    void chat.regenerate({ body: { context: { ...(contextId ? { mainEntryId: contextId } : {}), ...retried() } } })
  }
  const loadOlder = async () => {
    if (!nextBefore) return
    setLoadingOlder(true)
    try {
      const page = await chatMessages(chatId, { before: nextBefore, limit: 50 })
      setNextBefore(page.nextBefore)
      chat.setMessages((current) => [...toUiMessages(page), ...current])
    } finally {
      setLoadingOlder(false)
    }
  }

  const shown: ShownMessage[] = chat.messages.map((m) => ({ ...m, stored: storedState.get(m.id) }))
  const last = shown.at(-1)
  const canRetry = !busy && last !== undefined && (last.role === "assistant" || chat.error !== undefined)
  const noModel = config.data && !config.data.available

  return (
    <div
      className="flex h-full min-h-0 flex-col"
      data-testid="chat-view"
      data-chat-id={chatId}
      data-status={chat.status}
    >
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-4" data-testid="chat-scroller">
        <div className={cx("flex min-h-full flex-col", measured && "mx-auto max-w-3xl")}>
          {nextBefore && (
            <div className="mb-4 flex justify-center">
              <Button size="sm" variant="ghost" onClick={() => void loadOlder()} disabled={loadingOlder}>
                {t("load_earlier")}
              </Button>
            </div>
          )}
          {shown.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
              <Icon name="sparkles" className="size-6 text-accent" />
              <p className="text-sm font-medium">{t("empty.title")}</p>
              <p className="text-xs text-ink-soft">{t(contextId ? "empty.with_entry" : "empty.hint")}</p>
            </div>
          ) : (
            <MessageList messages={shown} busy={busy} />
          )}
          {chat.error && (
            <div className="mt-4 rounded-lg border border-line bg-surface-raised px-3 py-2" data-testid="chat-error">
              <AiProblem error={chat.error} onRetry={retry} />
            </div>
          )}
          {canRetry && !chat.error && (
            <div className="mt-2 flex">
              <Button size="sm" variant="ghost" onClick={retry} data-testid="chat-retry">
                <Icon name="refresh" className="size-3.5" />
                {t("retry")}
              </Button>
            </div>
          )}
        </div>
      </div>
      <div
        className={cx("shrink-0 border-t border-line px-3 pt-2.5 pb-3", measured && "[&>*]:mx-auto [&>*]:max-w-3xl")}
      >
        {noModel && (
          <div className="mb-2">
            <NoModelHint />
          </div>
        )}
        <ChatInput
          busy={busy}
          onSend={send}
          onStop={() => void chat.stop()}
          autoFocus
          context={
            contextId
              ? { title: entry.data?.entries.title || t("context.entry"), onRemove: () => setDetached(contextId) }
              : undefined
          }
        />
      </div>
    </div>
  )
}
