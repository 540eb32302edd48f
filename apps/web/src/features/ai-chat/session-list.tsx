// The /ai page's list of conversations: newest first, a page at a time, a dot on those with answers not yet seen.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import type { ChatSession } from "../../api/ai-chat.ts"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortDate } from "../../lib/format-date.ts"
import { AiProblem } from "../ai/ai-problem.tsx"
import { useChatSessions, useUnreadChats } from "./chat-queries.ts"

export function SessionList({ current }: { current?: string }) {
  const { t, i18n } = useTranslation("ai-chat")
  const sessions = useChatSessions()
  const unread = new Set(useUnreadChats().data ?? [])
  const rows: ChatSession[] = sessions.data?.pages.flatMap((page) => page.data) ?? []
  const now = new Date()

  if (sessions.isPending) return <Spinner className="m-4" label={t("loading")} />
  if (sessions.isError)
    return (
      <div className="p-4">
        <AiProblem error={sessions.error} onRetry={() => void sessions.refetch()} />
      </div>
    )
  if (!rows.length) return <p className="px-4 py-6 text-sm text-ink-soft">{t("sessions.none")}</p>
  return (
    <nav aria-label={t("sessions.label")} className="flex flex-col">
      <ul className="flex flex-col gap-0.5 p-2" data-testid="chat-session-list">
        {rows.map((session) => {
          const isUnread = unread.has(session.chatId) && session.chatId !== current
          const title = session.title || t("untitled")
          return (
            <li key={session.chatId}>
              <Link
                to={`/ai/${encodeURIComponent(session.chatId)}`}
                aria-current={session.chatId === current ? "page" : undefined}
                className={cx(
                  "flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-hover",
                  session.chatId === current && "bg-hover font-medium",
                )}
                data-testid="chat-session"
                data-chat-id={session.chatId}
                data-unread={isUnread || undefined}
              >
                <span className="min-w-0 flex-1 truncate" data-testid="chat-session-title">
                  {title}
                </span>
                {isUnread && (
                  <span className="size-2 shrink-0 rounded-full bg-accent" data-testid="chat-session-unread">
                    <span className="sr-only">{t("sessions.unread")}</span>
                  </span>
                )}
                <time dateTime={session.updatedAt} className="shrink-0 text-xs text-ink-faint tabular-nums">
                  {formatShortDate(new Date(session.updatedAt), now, i18n.language)}
                </time>
              </Link>
            </li>
          )
        })}
      </ul>
      {sessions.hasNextPage && (
        <Button
          size="sm"
          variant="ghost"
          className="mx-3 mb-3"
          disabled={sessions.isFetchingNextPage}
          onClick={() => void sessions.fetchNextPage()}
          data-testid="chat-sessions-more"
        >
          {t("sessions.more")}
        </Button>
      )}
    </nav>
  )
}
