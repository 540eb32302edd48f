// The AI panel's frame around one conversation: its title, a new chat, the full /ai page, close. It follows the open
// entry (which the chat then includes), and answers mod+I itself too, since the app's keys stay quiet while the
// reader types in its input.
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useWindowHeight, useWindowWidth } from "../../lib/use-window-size.ts"
import { isApplePlatform } from "../keyboard/hotkeys.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"
import { ChatView } from "./chat-view.tsx"
import { floatingPanelBox } from "./panel-geometry.ts"

type PanelKind = "column" | "floating" | "sheet"

/** width: the column's, as the reader plans it (features/layout/column-plan.ts). */
export default function ChatPanel({ kind, width }: { kind: PanelKind; width?: number }) {
  const { t } = useTranslation("ai-chat")
  const { chatId, fresh, newChat, started, setOpen } = useChatPanelStore()
  const { entryId } = useTimelineLocation()
  const box = floatingPanelBox(useWindowWidth(), useWindowHeight())
  const style =
    kind === "floating"
      ? { width: box.width, height: box.height, right: box.right, bottom: box.bottom }
      : kind === "column"
        ? { width }
        : undefined

  return (
    <aside
      aria-label={t("panel.label")}
      data-focus-scope="ai-chat"
      data-testid="ai-panel"
      data-kind={kind}
      style={style}
      onKeyDown={(event) => {
        const mod = isApplePlatform() ? event.metaKey : event.ctrlKey
        if (mod && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "i") {
          event.preventDefault()
          event.stopPropagation()
          setOpen(false)
        }
        if (event.key === "Escape" && kind !== "column") setOpen(false)
      }}
      className={cx(
        "flex min-h-0 flex-col bg-surface text-ink",
        kind === "column" && "h-full shrink-0 border-l border-line",
        kind === "floating" && "fixed z-40 overflow-hidden rounded-2xl border border-line shadow-2xl",
        kind === "sheet" && "fixed inset-0 z-50 pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)]",
      )}
    >
      <header className="flex h-14 shrink-0 items-center gap-1 border-b border-line pr-2 pl-4">
        <Icon name="sparkles" className="size-4 text-accent" />
        <h2 className="ml-1.5 min-w-0 flex-1 truncate text-sm font-semibold">{t("panel.title")}</h2>
        <Button
          variant="ghost"
          size="icon"
          onClick={newChat}
          aria-label={t("new_chat")}
          title={t("new_chat")}
          data-testid="ai-panel-new"
        >
          <Icon name="plus" />
        </Button>
        <Link
          to={fresh ? "/ai" : `/ai/${encodeURIComponent(chatId)}`}
          className="inline-flex size-8 items-center justify-center rounded-md text-ink-soft hover:bg-hover hover:text-ink"
          aria-label={t("open_page")}
          title={t("open_page")}
          data-testid="ai-panel-page"
        >
          <Icon name="externalLink" />
        </Link>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => setOpen(false)}
          aria-label={t("panel.close")}
          title={t("panel.close")}
          data-testid="ai-panel-close"
        >
          <Icon name="x" />
        </Button>
      </header>
      <div className="min-h-0 flex-1">
        <ChatView key={chatId} chatId={chatId} fresh={fresh} entryId={entryId} onStarted={() => started(chatId)} />
      </div>
    </aside>
  )
}
