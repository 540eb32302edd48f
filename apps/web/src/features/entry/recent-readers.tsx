// The people who have read this entry (GET /entries/{id}/read-histories), as a row of avatars under the heading.
// Hidden by hideRecentReader, and absent while nobody public has read it.
import { useIsMutating, useQuery } from "@tanstack/react-query"
import { READ_HISTORY_STALE_MS } from "@tidings/shared"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { getReadHistories } from "../../api/entries.ts"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { formatShortNumber } from "../../lib/format-number.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { profilePath } from "../profiles/profile-paths.ts"

/** The client shows this many readers (client spec §9). */
export const RECENT_READERS_SIZE = 20
const SHOWN_AVATARS = 10

export function RecentReaders({ entryId }: { entryId: string }) {
  const hidden = useSettingsStore((state) => state.ui.hideRecentReader)
  return hidden ? null : <ReadersRow entryId={entryId} />
}

function ReadersRow({ entryId }: { entryId: string }) {
  const { t, i18n } = useTranslation(["app", "profiles"])
  const query = useQuery({
    queryKey: ["read-histories", entryId],
    queryFn: ({ signal }) => getReadHistories(entryId, RECENT_READERS_SIZE, signal),
    staleTime: READ_HISTORY_STALE_MS,
  })
  useRefetchAfterReads(query.refetch)
  const history = query.data
  const ids = history?.entryReadHistories?.userIds ?? []
  if (!history || ids.length === 0) return null
  const readers = ids.map((id) => history.users[id]).filter((reader) => reader !== undefined)
  const total = history.total
  return (
    <div className="mt-3 flex items-center gap-2" data-testid="recent-readers">
      <ul className="flex -space-x-1.5" aria-label={t("entry.readers_label")}>
        {readers.slice(0, SHOWN_AVATARS).map((reader) => {
          const name = reader.name || reader.handle || "?"
          return (
            <li key={reader.id} title={name} className="rounded-full ring-2 ring-surface" data-testid="recent-reader">
              <Link to={profilePath(reader)} className="block rounded-full">
                <FeedIcon title={name} image={reader.image} className="size-6 rounded-full" />
                <span className="sr-only">{t("profiles:view_profile", { name })}</span>
              </Link>
            </li>
          )
        })}
      </ul>
      <span className="text-xs text-ink-faint">
        {t("entry.readers_count", { count: total, formatted: formatShortNumber(total, i18n.language) })}
      </span>
    </div>
  )
}

/** Opening an entry marks it read, which can add the reader to the list: look again once those calls settle. */
function useRefetchAfterReads(refetch: () => unknown) {
  const busy = useIsMutating() > 0
  const wasBusy = useRef(busy)
  useEffect(() => {
    if (wasBusy.current && !busy) refetch()
    wasBusy.current = busy
  }, [busy, refetch])
}
