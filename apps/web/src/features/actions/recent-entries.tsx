// The entries a draft is tested on: the user's latest timeline page (the most the server gives at once), with the
// categories their subscriptions put them in, and a line saying what the test found overall.
import { ENTRY_PAGE_MAX_LIMIT, type EntryListItem } from "@tidings/shared"
import { useCallback, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { listEntries } from "../../api/entries.ts"
import { errorMessage } from "../../i18n/error-message.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { categoryFinder, type RulePreview } from "./rule-preview.ts"

export interface RecentEntriesState {
  items: EntryListItem[] | undefined
  withContent: boolean
  loading: boolean
  error: string | undefined
  categoryOf: (item: EntryListItem) => string | null
  load: (withContent: boolean) => Promise<void>
}

export function useRecentEntries(): RecentEntriesState {
  const feeds = useSubscriptions().data
  const lists = useListSubscriptions().data
  const [items, setItems] = useState<EntryListItem[]>()
  const [withContent, setWithContent] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string>()
  const categoryOf = useMemo(
    () =>
      categoryFinder(
        new Map((feeds ?? []).map((s) => [s.feedId, s.category])),
        new Map((lists ?? []).map((s) => [s.listId, s.category ?? null])),
      ),
    [feeds, lists],
  )
  const load = useCallback(async (content: boolean) => {
    setLoading(true)
    setError(undefined)
    try {
      setItems(await listEntries({ limit: ENTRY_PAGE_MAX_LIMIT, withContent: content }))
      setWithContent(content)
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setLoading(false)
    }
  }, [])
  return { items, withContent, loading, error, categoryOf, load }
}

export function RecentEntries({
  state,
  preview,
  contentNeeded,
}: {
  state: RecentEntriesState
  preview: RulePreview | undefined
  contentNeeded: boolean
}) {
  const { t } = useTranslation("actions")
  if (state.error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {state.error}
      </p>
    )
  if (!preview) return null
  return (
    <div className="rounded-lg border border-line bg-surface px-3 py-2 text-sm" data-testid="rules-test-summary">
      <p>
        {t("test_summary", { count: preview.tested })} {t("test_blocked", { count: preview.blocked.size })}
      </p>
      {contentNeeded && !state.withContent && <p className="mt-1 text-ink-soft">{t("test_retest")}</p>}
    </div>
  )
}
