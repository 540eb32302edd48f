// Whether the AI panel is open and whether it is a column, as the panel host reads it; the host tells the reader
// when it draws the column (stores/layout-store.ts), which then makes room for it (features/layout/column-plan.ts).
import { useAfterFirstScreen } from "../../lib/first-screen.ts"
import { useIsMobile } from "../../lib/use-media-query.ts"
import { useSessionStore } from "../../stores/session-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiConfig } from "../ai/ai-queries.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"

/** Whether the panel is a column beside the entry: fixed, on the desktop layout (from 1024 px). */
export function useDocked(): boolean {
  const style = useSettingsStore((state) => state.ai.panelStyle)
  return !useIsMobile() && style === "fixed"
}

/**
 * Whether the chat may be offered: the administrator's ai_chat flag, as the session carries it, turns it off for
 * this user (the server refuses the chat then too); a session that carries no such flag leaves it on.
 */
export const useChatEnabled = () => useSessionStore((state) => state.featureFlags.ai_chat !== false)

/**
 * Whether the panel shows: never while the chat is turned off for the user; otherwise what the user said last in
 * this tab, or else open when it is a column and a model answers (decision 0009: without one the panel could only
 * say to set one up, in the reader's place).
 */
export function panelOpen(state: { enabled: boolean; docked: boolean; available: boolean; chosen: boolean | null }) {
  const openByDefault = state.enabled && state.docked && state.available
  return { open: state.enabled && (state.chosen ?? openByDefault), openByDefault }
}

export function useAiPanelOpen(): { open: boolean; openByDefault: boolean } {
  const docked = useDocked()
  const enabled = useChatEnabled()
  // Asked once the timeline's first screen is drawn: neither the call nor its code weighs on that screen.
  const drawn = useAfterFirstScreen(3000)
  const available = useAiConfig(docked && drawn).data?.available ?? false
  const chosen = useChatPanelStore((state) => state.open)
  return panelOpen({ enabled, docked, available, chosen })
}
