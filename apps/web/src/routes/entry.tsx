// The detail pane of the timeline route: the open entry, or a quiet placeholder while none is open.
import { useTranslation } from "react-i18next"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { EntryDetail } from "../features/entry/entry-detail.tsx"
import { useTimelineLocation } from "../lib/use-timeline-location.ts"

export function EntryRoute() {
  const { t } = useTranslation()
  const { entryId, view, feed } = useTimelineLocation()
  if (!entryId) return <EmptyState icon="book" title={t("entry.none_selected")} />
  return <EntryDetail key={entryId} entryId={entryId} view={view} inbox={feed.kind === "inbox"} />
}
