// Whether the AI panel is open and whether it is a column: read by the keyboard shortcuts and the panel host, and
// kept apart from the host so the timeline's first screen carries only these few lines.
import { BREAKPOINTS, useMediaQuery } from "../../lib/use-media-query.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"

const DOCK_QUERY = `(min-width: ${BREAKPOINTS["2xl"]}px)`

/** Whether the panel is a column beside the entry: fixed, in a window wide enough for it. */
export function useDocked(): boolean {
  const style = useSettingsStore((state) => state.ai.panelStyle)
  return useMediaQuery(DOCK_QUERY) && style === "fixed"
}

/** Whether the panel shows now: what the user said last, or else open when it is a column. */
export function useAiPanelOpen(): { open: boolean; openByDefault: boolean } {
  const docked = useDocked()
  const chosen = useChatPanelStore((state) => state.open)
  return { open: chosen ?? docked, openByDefault: docked }
}
