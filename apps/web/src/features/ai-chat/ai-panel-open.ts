// Whether the AI panel is open and whether it is a column: read by the panel host and by the reader, which makes
// room for the column (features/layout/column-plan.ts); kept apart from the host so the timeline's first screen
// carries only these few lines.
import { useIsMobile } from "../../lib/use-media-query.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiConfig } from "../ai/ai-queries.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"

/** Whether the panel is a column beside the entry: fixed, on the desktop layout (from 1024 px). */
export function useDocked(): boolean {
  const style = useSettingsStore((state) => state.ai.panelStyle)
  return !useIsMobile() && style === "fixed"
}

/**
 * Whether the panel shows now: what the user said last in this tab, or else open when it is a column and a model
 * answers (decision 0009: without one the panel could only say to set one up, in the reader's place).
 */
export function useAiPanelOpen(): { open: boolean; openByDefault: boolean } {
  const docked = useDocked()
  const available = useAiConfig(docked).data?.available ?? false
  const chosen = useChatPanelStore((state) => state.open)
  const openByDefault = docked && available
  return { open: chosen ?? openByDefault, openByDefault }
}
