// Inside the desktop app: the unread total goes to its badge, tray and title; the desktop settings (showDockBadge,
// appLaunchOnStartup) go to the shell; its menu shortcuts and deep links come back as navigation or quick add.
// Loaded only when the bridge is there (app/require-auth.tsx), so the web has none of it.
import { useQuery, useQueryClient } from "@tanstack/react-query"
import type { DesktopBridge } from "@tidings/shared"
import { useEffect } from "react"
import { useNavigate } from "react-router"
import { getTotalUnread } from "../../api/reads.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { isTypingTarget } from "../keyboard/hotkeys.ts"

const TOTAL_KEY = ["reads", "total-count"] as const

export function DesktopLink({ bridge }: { bridge: DesktopBridge }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const total = useQuery({ queryKey: TOTAL_KEY, queryFn: getTotalUnread, staleTime: 60_000 }).data
  const showDockBadge = useSettingsStore((state) => state.ui.showDockBadge)
  const appLaunchOnStartup = useSettingsStore((state) => state.general.appLaunchOnStartup)

  // The total follows every change of the per-source counts (marking, new entries), a moment later.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.query.queryKey[0] !== queryKeys.unread[0]) return
      clearTimeout(timer)
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: TOTAL_KEY }), 1000)
    })
    return () => {
      clearTimeout(timer)
      unsubscribe()
    }
  }, [queryClient])

  useEffect(() => {
    if (total !== undefined) bridge.setUnreadCount(total)
  }, [bridge, total])

  // A block, not an expression: whatever the shell's call returns must not become the effect's cleanup.
  useEffect(() => {
    bridge.setSettings({ showDockBadge, appLaunchOnStartup })
  }, [bridge, showDockBadge, appLaunchOnStartup])

  useEffect(
    () =>
      bridge.onCommand((command) => {
        if (command.type === "navigate") navigate(command.path)
        // Spec: mod+N is ignored while typing in inputs.
        else if (!isTypingTarget(document.activeElement)) useLayoutStore.getState().openDialog("add-source")
      }),
    [bridge, navigate],
  )
  return null
}

export default DesktopLink
