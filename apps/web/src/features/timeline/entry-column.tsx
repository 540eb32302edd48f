// The middle column: the header and the entry list of the current feed, folder or view.

import { type FeedSubscription, FeedViewType } from "@tidings/shared"
import { lazy, memo, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { EmptyState } from "../../components/ui/empty-state.tsx"
import { LoadingPane } from "../../components/ui/spinner.tsx"
import { firstScreenShown, useAfterFirstScreen } from "../../lib/first-screen.ts"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useEntryList } from "../../queries/entries.ts"
import type { EntryFilter } from "../../queries/entry-filter.ts"
import { privateFeedIds } from "../../queries/subscription-selectors.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { effectiveGeneral } from "../../stores/settings-gate.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiSortedFilter } from "../ai/ai-sort.ts"
import { preloadViewList, ViewList, viewListLoaded } from "../views/view-list.tsx"
import { buildEntryFilter, buildMarkAllRead } from "./timeline-filter.ts"
import { TimelineHeader } from "./timeline-header.tsx"
import { useTimelineTitle } from "./use-timeline-title.ts"

// The header's AI buttons come after the first screen: their code is not part of it.
const AiTimelineTools = lazy(() =>
  import("../ai/ai-timeline-tools.tsx").then((module) => ({ default: module.AiTimelineTools })),
)
const DailyReportButton = lazy(() =>
  import("../ai-tasks/daily-report-button.tsx").then((module) => ({ default: module.DailyReportButton })),
)

/** One empty list while the subscriptions load, so what depends on them keeps equal inputs. */
const NO_SUBSCRIPTIONS: FeedSubscription[] = []

/** headerLeading: the phone layout's drawer button before the title. */
export function EntryColumn({ headerLeading }: { headerLeading?: ReactNode } = {}) {
  const { t } = useTranslation(["app", "common"])
  const location = useTimelineLocation()
  const subscriptions = useSubscriptions()
  const subs = subscriptions.data ?? NO_SUBSCRIPTIONS
  const unreadOnly = useSettingsStore((state) => state.general.unreadOnly)
  // Behind the enhanced-settings gate: off, the list groups by date whatever is stored.
  const groupByDate = useSettingsStore((state) => effectiveGeneral(state.general, "groupByDate"))
  const filter = useMemo(() => buildEntryFilter(location, subs, unreadOnly), [location, subs, unreadOnly])
  // A folder's feeds are only known once the subscriptions are in.
  const ready = subscriptions.isSuccess || location.feed.kind !== "folder"
  const listFilter = useAiSortedFilter(filter)
  const entries = useEntryList(listFilter ?? {}, ready && filter !== null)
  const hidePrivate = useSettingsStore((state) => state.general.hidePrivateSubscriptionsInTimeline)
  const allTimeline = location.feed.kind === "all" || location.feed.kind === "view"
  // hidePrivateSubscriptionsInTimeline: a private feed's entries stay in its own list, not in the All timeline.
  const items = useMemo(() => {
    const loaded = entries.data?.pages.flat() ?? []
    if (!hidePrivate || !allTimeline) return loaded
    const hidden = privateFeedIds(subs)
    return hidden.size === 0 ? loaded : loaded.filter((item) => !hidden.has(item.feeds.id))
  }, [entries.data, hidePrivate, allTimeline, subs])
  const setTimeline = useLayoutStore((state) => state.setTimeline)
  // The view's list code downloads alongside its first page (ViewList would only ask for it once the page is in).
  // Until the code is in, the column shows its own loading pane rather than a Suspense fallback (view-list.tsx).
  const [listLoaded, setListLoaded] = useState(() => viewListLoaded(location.view))
  useEffect(() => {
    let live = true
    setListLoaded(viewListLoaded(location.view))
    void preloadViewList(location.view).then(
      () => live && setListLoaded(true),
      () => live && setListLoaded(true), // the Suspense boundary and the error page take a failed download
    )
    return () => {
      live = false
    }
  }, [location.view])
  const { refetch, fetchNextPage } = entries
  const nextPage = useCallback(() => void fetchNextPage(), [fetchNextPage])
  // The keyboard (j/k, r) and the palette work on what this column shows.
  useEffect(() => {
    setTimeline({ items, refresh: () => void refetch() })
  }, [items, refetch, setTimeline])
  useEffect(() => () => setTimeline(null), [setTimeline])
  // A timeline with nothing to show is drawn too: what waits for the first screen may start.
  const empty = ready && !entries.isPending && items.length === 0
  useEffect(() => {
    if (empty) firstScreenShown()
  }, [empty])

  return (
    <>
      <ColumnHeader
        leading={headerLeading}
        location={location}
        subs={subs}
        filter={filter}
        refreshing={entries.isRefetching && !entries.isFetchingNextPage}
        refetch={refetch}
      />
      {!ready || (entries.isPending && filter !== null) || (!listLoaded && items.length > 0) ? (
        <LoadingPane label={t("common:status.loading")} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={location.feed.kind === "collections" ? "star" : "checkAll"}
          title={
            location.feed.kind === "collections"
              ? t("timeline.empty.starred")
              : unreadOnly
                ? t("timeline.empty.all_read")
                : t("timeline.empty.no_entries")
          }
        />
      ) : (
        <ViewList
          view={location.view}
          items={items}
          location={location}
          // An AI-sorted list is not in date order: date headings would split and repeat.
          groupByDate={groupByDate && !listFilter?.aiSort}
          hasNextPage={entries.hasNextPage}
          fetchingNextPage={entries.isFetchingNextPage}
          fetchNextPage={nextPage}
        />
      )}
    </>
  )
}

interface ColumnHeaderProps {
  leading?: ReactNode
  location: TimelineLocation
  subs: FeedSubscription[]
  filter: EntryFilter | null
  refreshing: boolean
  refetch: () => unknown
}

/**
 * The column's header, memoised apart from the list: the list's paging (a page asked for, a page in) renders the
 * column again while the reader scrolls, and the header then has nothing new to show.
 */
const ColumnHeader = memo(function ColumnHeader({
  leading,
  location,
  subs,
  filter,
  refreshing,
  refetch,
}: ColumnHeaderProps) {
  const aiButtons = useAfterFirstScreen(3000)
  const { title, unread, ownerUserId } = useTimelineTitle(location, subs)
  return (
    <TimelineHeader
      leading={leading}
      title={title}
      unread={unread}
      ownerUserId={ownerUserId}
      markAllRead={buildMarkAllRead(location, subs)}
      refreshing={refreshing}
      onRefresh={() => void refetch()}
      showUnreadToggle={location.feed.kind !== "collections"}
      showPictureLayout={location.view === FeedViewType.Pictures}
      actions={
        aiButtons &&
        (location.view === FeedViewType.Articles || location.view === FeedViewType.SocialMedia) && (
          <Suspense fallback={null}>
            <DailyReportButton view={location.view} />
          </Suspense>
        )
      }
      tools={
        aiButtons && (
          <Suspense fallback={null}>
            <AiTimelineTools filter={filter} />
          </Suspense>
        )
      }
    />
  )
})
