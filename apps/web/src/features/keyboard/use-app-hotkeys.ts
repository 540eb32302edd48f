// Runs the shortcut table (commands.ts) on the timeline route: one keydown listener on the window, the focus area
// deciding which commands apply, nothing while the user types in a field.

import { type QueryClient, useQueryClient } from "@tanstack/react-query"
import type { EntryDetail } from "@tidings/shared"
import { useEffect, useRef } from "react"
import { useNavigate } from "react-router"
import type { AiConfig } from "../../api/ai.ts"
import { track } from "../../lib/analytics.ts"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { MOBILE_QUERY, useIsMobile } from "../../lib/use-media-query.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { visibleViews } from "../../lib/views.ts"
import { useSetEntryStar } from "../../queries/collections.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useSetEntryRead } from "../../queries/reads.ts"
import { feedIdsByView } from "../../queries/subscription-selectors.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useCommandTable } from "../../stores/shortcut-store.ts"
import { aiKeys } from "../ai/ai-queries.ts"
import { playerStore } from "../player/player-store.ts"
import { type CommandId, TOGGLE_PLAY_EVENT } from "./commands.ts"
import { currentTimelineLocation } from "./current-location.ts"
import { nextEntryId } from "./entry-steps.ts"
import { currentFocusScope, isControlFocused, keyScrollsArticle } from "./focus-scope.ts"
import { createHotkeyMatcher, isApplePlatform, isTypingTarget, parseHotkey } from "./hotkeys.ts"
import { stepSubscription } from "./subscription-steps.ts"

const CONTROL_KEYS = new Set<CommandId>(["view.next", "view.previous", "global.toggle-play"])

export function useAppHotkeys(): void {
  const run = useCommandRunner()
  const runRef = useRef(run)
  runRef.current = run
  // The user's own keys (settings › shortcuts) replace the defaults; a change rebuilds the matcher.
  const commands = useCommandTable()

  useEffect(() => {
    const bindings = commands
      .filter((command) => !command.external)
      .flatMap((command) => command.keys.map((key) => ({ command: command.id, steps: parseHotkey(key) })))
    const scopes = new Map(commands.map((command) => [command.id, command.scopes]))
    const match = createHotkeyMatcher(bindings, isApplePlatform())
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return
      const scope = currentFocusScope()
      if (keyScrollsArticle(scope, event)) return
      const controlFocused = isControlFocused()
      const command = match(event, event.timeStamp, (id) => {
        if (CONTROL_KEYS.has(id) && controlFocused) return false
        // Space plays and pauses only a player on screen; without one it scrolls, as in any page.
        if (id === "global.toggle-play" && !playerStore.getState().show) return false
        return scopes.get(id)?.includes(scope) ?? false
      })
      if (!command) return
      event.preventDefault()
      runRef.current(command)
    }
    window.addEventListener("keydown", onKeyDown)
    return () => window.removeEventListener("keydown", onKeyDown)
  }, [commands])
}

export function useCommandRunner(): (command: CommandId) => void {
  const navigate = useNavigate()
  const rendered = useTimelineLocation()
  // Keys can come faster than React renders a navigation (the router updates in a transition): read the
  // address itself, so two quick presses step twice instead of twice from the same entry.
  const queryClient = useQueryClient()
  const setRead = useSetEntryRead()
  const setStar = useSetEntryStar()
  const subs = useSubscriptions().data ?? []
  const mobile = useIsMobile()
  const layout = useLayoutStore()
  const unreadOnly = useSettingsStore((state) => state.general.unreadOnly)
  const setGeneral = useSettingsStore((state) => state.setGeneral)
  // The list as j/k last saw it: an unread-only list drops the entry just read, and the keys go on from its place.
  const seenIds = useRef<string[]>([])

  const stepEntry = (location: TimelineLocation, delta: 1 | -1) => {
    const ids = layout.timeline?.items.map((item) => item.entries.id) ?? []
    const next = nextEntryId(ids, location.entryId, delta, seenIds.current)
    seenIds.current = ids
    if (next) navigate(timelinePath({ view: location.view, feed: location.feed, entryId: next }))
  }
  const stepView = (location: TimelineLocation, delta: 1 | -1) => {
    const shown = visibleViews(new Set(feedIdsByView(subs).keys()))
    const at = shown.findIndex((meta) => meta.view === location.view)
    const next = shown[(at + delta + shown.length) % shown.length]
    if (next) navigate(timelinePath({ view: next.view, feed: { kind: "all" } }))
  }

  return (command) => {
    const location = currentTimelineLocation() ?? rendered
    const detail = location.entryId
      ? queryClient.getQueryData<EntryDetail | null>(queryKeys.entry(location.entryId))
      : undefined
    switch (command) {
      case "entry.next":
        return stepEntry(location, 1)
      case "entry.previous":
        return stepEntry(location, -1)
      case "subscription.next":
        return stepSubscription(1)
      case "subscription.previous":
        return stepSubscription(-1)
      case "view.next":
        return stepView(location, 1)
      case "view.previous":
        return stepView(location, -1)
      case "entry.toggle-read":
        if (detail) setRead.mutate({ id: detail.entries.id, read: !(detail.read ?? true) })
        return
      case "entry.toggle-star":
        if (detail) {
          const view = detail.view ?? Math.max(location.view, 0)
          setStar.mutate({ id: detail.entries.id, star: !detail.collections, view })
        }
        return
      case "entry.open-in-browser":
        if (detail?.entries.url) window.open(detail.entries.url, "_blank", "noopener,noreferrer")
        return
      case "entry.open-feed":
        if (detail) navigate(timelinePath({ view: location.view, feed: { kind: "feed", feedId: detail.feeds.id } }))
        return
      case "timeline.refresh":
        return layout.timeline?.refresh()
      case "timeline.unread-only":
        return setGeneral({ unreadOnly: !unreadOnly })
      case "timeline.mark-all-read":
        return layout.requestMarkAllRead()
      case "layout.toggle-sidebar":
        return mobile ? layout.setDrawer(!layout.drawerOpen) : layout.toggleSidebar()
      case "global.search":
        return layout.openDialog("palette")
      case "global.shortcuts":
        return layout.openDialog("shortcuts")
      case "global.quick-add":
        track("quick_add_feed")
        return layout.openDialog("add-source")
      case "global.toggle-ai":
        return toggleAiPanel(queryClient)
      case "global.toggle-play":
        window.dispatchEvent(new CustomEvent(TOGGLE_PLAY_EVENT))
        return
      case "global.settings":
        return navigate("/settings")
      case "global.discover":
        return navigate("/discover")
      case "global.toasts":
        return
    }
  }
}

/**
 * mod+I: the panel's store is loaded on first use, not with the shortcuts (the timeline's first screen does not
 * carry the AI panel). Open by default means a fixed panel on the desktop layout where a model answers, as
 * ai-panel-open.ts decides it.
 */
function toggleAiPanel(queryClient: QueryClient): void {
  const openByDefault =
    useSettingsStore.getState().ai.panelStyle === "fixed" &&
    !window.matchMedia(MOBILE_QUERY).matches &&
    (queryClient.getQueryData<AiConfig>(aiKeys.config)?.available ?? false)
  void import("../ai-chat/chat-panel-store.ts").then(({ useChatPanelStore }) =>
    useChatPanelStore.getState().toggle(openByDefault),
  )
}
