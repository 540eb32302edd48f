// Where the AI panel lives on the reader: a column on the right when the panel style is fixed (open from the start
// where a model answers), a window at the bottom right when floating, a full-screen sheet on a phone; a small button
// opens it when closed, and mod+I toggles it. The reader gives the column its width (decision 0009). The chat's code
// and strings load only when the panel first opens, and a panel that opens by itself waits for the timeline's first
// screen.
import i18next from "i18next"
import { lazy, Suspense, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { afterFirstScreen } from "../../lib/first-screen.ts"
import { useIsMobile } from "../../lib/use-media-query.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useAiConfig } from "../ai/ai-queries.ts"
import { useAiPanelOpen, useChatEnabled, useDocked } from "./ai-panel-open.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"

const ChatPanel = lazy(async () => {
  const [panel] = await Promise.all([import("./chat-panel.tsx"), i18next.loadNamespaces(["ai-chat", "ai"])])
  return panel
})

/** Loaded after the timeline's first screen (routes/timeline.tsx), so neither it nor its launcher weighs on it. */
export default function AiPanelHost({ placement, width }: { placement: "column" | "overlay"; width?: number }) {
  const { t } = useTranslation()
  const mobile = useIsMobile()
  const docked = useDocked()
  const { open } = useAiPanelOpen()
  const chosen = useChatPanelStore((state) => state.open)
  // The round launcher only where a model answers; mod+I still opens the panel, which then says what to set up.
  const enabled = useChatEnabled()
  const available = (useAiConfig().data?.available ?? false) && enabled
  // The desktop layout puts the host twice: as its column and over the page; each draws only its own kind.
  const mine = placement === "column" ? docked : !docked
  const [settled, setSettled] = useState(chosen !== null)
  useEffect(() => {
    if (settled || !open) return
    let live = true
    void afterFirstScreen(3000).then(() => live && setSettled(true))
    return () => {
      live = false
    }
  }, [open, settled])

  const drawsColumn = placement === "column" && docked && open && (settled || chosen !== null)
  useEffect(() => {
    if (!drawsColumn) return
    useLayoutStore.getState().setAiColumn(true)
    return () => useLayoutStore.getState().setAiColumn(false)
  }, [drawsColumn])

  if (!open)
    return placement === "overlay" && available ? (
      <button
        type="button"
        onClick={() => useChatPanelStore.getState().setOpen(true)}
        className="fixed right-4 z-30 flex size-11 items-center justify-center rounded-full bg-accent text-on-accent shadow-lg hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:right-5"
        style={{ bottom: mobile ? "calc(var(--tab-bar-height, 0px) + 1rem)" : "1.25rem" }}
        aria-label={t("ai_chat.open")}
        title={t("ai_chat.open")}
        data-testid="ai-panel-launcher"
      >
        <Icon name="sparkles" className="size-5" />
      </button>
    ) : null
  if (!mine || (!settled && chosen === null)) return null
  return (
    <Suspense fallback={null}>
      <ChatPanel kind={mobile ? "sheet" : docked ? "column" : "floating"} width={width} />
    </Suspense>
  )
}
