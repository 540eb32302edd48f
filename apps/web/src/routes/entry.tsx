// The detail pane of the timeline route: the open entry, or a quiet placeholder while none is open. The entry view
// is its own chunk: the timeline's first screen does not wait for it (the service worker precaches it for offline).
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { withStrings } from "../i18n/with-strings.ts"
import { useTimelineLocation } from "../lib/use-timeline-location.ts"

// Its readers (profiles) and an inbox entry's toolbar (lists) have their own strings.
const EntryDetail = lazy(
  withStrings(["profiles", "lists"], async () => ({
    default: (await import("../features/entry/entry-detail.tsx")).EntryDetail,
  })),
)

export function EntryRoute() {
  const { t } = useTranslation()
  const { entryId, view, feed } = useTimelineLocation()
  if (!entryId) return <EmptyState icon="book" title={t("entry.none_selected")} />
  return (
    <Suspense fallback={<div className="h-full" aria-busy="true" />}>
      <EntryDetail key={entryId} entryId={entryId} view={view} inbox={feed.kind === "inbox"} />
    </Suspense>
  )
}
