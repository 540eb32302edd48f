// /ai and /ai/:chatId: the AI chat on a page of its own, the conversations on the left (newest first, unread marked)
// and the open one on the right, with rename, delete and a new chat. One route for both addresses, so the
// conversation started at /ai keeps streaming when its address becomes /ai/<id>. Under 1024 px one side at a time.
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useLocation, useNavigate, useParams } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { ConfirmDialog } from "../components/ui/confirm-dialog.tsx"
import { Icon } from "../components/ui/icons.tsx"
import { newChatId } from "../features/ai-chat/chat-panel-store.ts"
import { useChatSessions, useDeleteChat, useRenameChat } from "../features/ai-chat/chat-queries.ts"
import { ChatView } from "../features/ai-chat/chat-view.tsx"
import { SessionList } from "../features/ai-chat/session-list.tsx"
import { cx } from "../lib/cx.ts"
import { DEFAULT_TIMELINE_PATH } from "../lib/route-ids.ts"
import { useIsMobile } from "../lib/use-media-query.ts"

export function AiChatPage() {
  const { t } = useTranslation("ai-chat")
  const params = useParams()
  const location = useLocation()
  const navigate = useNavigate()
  const mobile = useIsMobile()
  // A new conversation's id is made here; it is the address once its first message is sent.
  const [draftId, setDraftId] = useState(newChatId)
  const chatId = params.chatId ?? draftId
  const fresh = !params.chatId || (location.state as { fresh?: boolean } | null)?.fresh === true
  const startNew = () => {
    const id = newChatId()
    if (mobile) {
      navigate(`/ai/${id}`, { state: { fresh: true } })
      return
    }
    setDraftId(id)
    navigate("/ai")
  }
  const showList = !mobile || !params.chatId
  const showChat = !mobile || Boolean(params.chatId)

  return (
    <div className="flex h-dvh overflow-hidden bg-surface text-ink" data-testid="ai-page">
      {showList && (
        <aside
          className={cx("flex min-h-0 flex-col border-line bg-canvas", mobile ? "flex-1" : "w-72 shrink-0 border-r")}
          aria-label={t("sessions.label")}
        >
          <ListHeader onNew={startNew} />
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SessionList current={params.chatId} />
          </div>
        </aside>
      )}
      {showChat && (
        <main className="flex min-w-0 flex-1 flex-col">
          <ChatHeader chatId={params.chatId} onNew={startNew} onDeleted={startNew} />
          <div className="min-h-0 flex-1">
            <ChatView
              key={chatId}
              chatId={chatId}
              fresh={fresh}
              measured
              onStarted={() => navigate(`/ai/${encodeURIComponent(chatId)}`, { replace: true, state: { fresh: true } })}
            />
          </div>
        </main>
      )}
    </div>
  )
}

function ListHeader({ onNew }: { onNew: () => void }) {
  const { t } = useTranslation("ai-chat")
  return (
    <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line px-3">
      <Link
        to={DEFAULT_TIMELINE_PATH}
        className="inline-flex size-8 items-center justify-center rounded-md text-ink-soft hover:bg-hover"
        aria-label={t("back")}
        title={t("back")}
      >
        <Icon name="arrowLeft" />
      </Link>
      <h1 className="min-w-0 flex-1 truncate text-sm font-semibold">{t("page.title")}</h1>
      <Button size="sm" variant="secondary" onClick={onNew} data-testid="ai-page-new">
        <Icon name="plus" className="size-3.5" />
        {t("new_chat")}
      </Button>
    </div>
  )
}

function ChatHeader({ chatId, onNew, onDeleted }: { chatId?: string; onNew: () => void; onDeleted: () => void }) {
  const { t } = useTranslation("ai-chat")
  const mobile = useIsMobile()
  const sessions = useChatSessions()
  const session = sessions.data?.pages.flatMap((page) => page.data).find((s) => s.chatId === chatId)
  const rename = useRenameChat()
  const remove = useDeleteChat()
  const [editing, setEditing] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const title = session ? session.title || t("untitled") : t("new_chat")

  return (
    <div className="flex h-14 shrink-0 items-center gap-1 border-b border-line px-3">
      {mobile && (
        <Link
          to={chatId ? "/ai" : DEFAULT_TIMELINE_PATH}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-ink-soft hover:bg-hover"
          aria-label={t("back")}
          title={t("back")}
        >
          <Icon name="arrowLeft" />
        </Link>
      )}
      {editing !== null && chatId ? (
        <form
          className="flex min-w-0 flex-1 items-center gap-1.5"
          onSubmit={(event) => {
            event.preventDefault()
            if (!editing.trim()) return
            rename.mutate({ chatId, title: editing.trim() }, { onSuccess: () => setEditing(null) })
          }}
        >
          <input
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked for
            autoFocus
            value={editing}
            maxLength={100}
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => event.key === "Escape" && setEditing(null)}
            aria-label={t("rename.label")}
            className="h-8 min-w-0 flex-1 rounded-md border border-line bg-surface px-2 text-sm outline-none focus:border-accent"
            data-testid="chat-rename-input"
          />
          <Button size="sm" variant="primary" type="submit" disabled={!editing.trim() || rename.isPending}>
            {t("rename.save")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
            {t("rename.cancel")}
          </Button>
        </form>
      ) : (
        <>
          <h2 className="min-w-0 flex-1 truncate px-1 text-sm font-semibold" data-testid="chat-title">
            {title}
          </h2>
          {session && chatId && (
            <>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setEditing(session.title)}
                aria-label={t("rename.action")}
                title={t("rename.action")}
                data-testid="chat-rename"
              >
                <Icon name="pencil" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                onClick={() => setConfirming(true)}
                aria-label={t("delete.action")}
                title={t("delete.action")}
                data-testid="chat-delete"
              >
                <Icon name="trash" />
              </Button>
            </>
          )}
          {mobile && (
            <Button variant="ghost" size="icon" onClick={onNew} aria-label={t("new_chat")} title={t("new_chat")}>
              <Icon name="plus" />
            </Button>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("delete.title")}
        description={t("delete.description", { title })}
        confirmLabel={t("delete.confirm")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => chatId && remove.mutate(chatId, { onSuccess: onDeleted })}
      />
    </div>
  )
}

export { AiChatPage as Component }
