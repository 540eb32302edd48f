// A found feed opened: its latest entries (POST /entries/preview) beside the subscribe form of the add dialog —
// or, when the reader follows it already, a clear word saying so and a way into it.
import { useQuery } from "@tanstack/react-query"
import type { Feed } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { previewFeed } from "../../api/discover.ts"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { formatRelativeTime, parseDate } from "../../lib/format-date.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { toast } from "../../lib/toast.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { SourceSubscribeForm } from "../subscriptions/source-subscribe-form.tsx"

/** The reader's subscription to the feed, if any. */
export function useFollowed(feedId: string) {
  return (useSubscriptions().data ?? []).find((sub) => sub.feedId === feedId)
}

/** view: the view the form starts in (an RSSHub route may suggest one); Articles otherwise. */
export function FeedPanel({ feed, view = 0 }: { feed: Feed; view?: number }) {
  const { t } = useTranslation(["discover", "app"])
  const navigate = useNavigate()
  const followed = useFollowed(feed.id)
  const title = feed.title ?? feed.url
  const open = (view: number) => navigate(timelinePath({ view, feed: { kind: "feed", feedId: feed.id } }))

  return (
    <div className="grid gap-4 border-t border-line p-3 sm:grid-cols-2" data-testid="discover-panel">
      <FeedPreview feedId={feed.id} />
      {followed ? (
        <div className="flex flex-col justify-center gap-3 rounded-xl bg-accent/10 p-4" role="status">
          <p className="text-sm font-medium" data-testid="discover-already-followed">
            {t("app:source.already_followed", { title })}
          </p>
          <Button variant="primary" onClick={() => open(followed.view)} data-testid="discover-open-followed">
            {t("app:source.open_feed")}
          </Button>
        </div>
      ) : (
        <SourceSubscribeForm
          feed={feed}
          view={view}
          onSubscribed={(view) => {
            toast.success(t("app:subscription.added", { title }))
            open(view)
          }}
        />
      )}
    </div>
  )
}

function FeedPreview({ feedId }: { feedId: string }) {
  const { t, i18n } = useTranslation(["discover", "app", "common"])
  const preview = useQuery({ queryKey: ["feed-preview", feedId], queryFn: () => previewFeed(feedId) })
  return (
    <section className="min-w-0" aria-label={t("app:source.preview")}>
      <h4 className="text-[0.6875rem] font-semibold tracking-wide text-ink-soft uppercase">
        {t("app:source.preview")}
      </h4>
      {preview.isPending ? (
        <Spinner className="mt-2 size-4" label={t("common:status.loading")} />
      ) : preview.isError ? (
        <p className="mt-1 text-sm text-ink-soft">{errorMessage(preview.error)}</p>
      ) : preview.data.length === 0 ? (
        <p className="mt-1 text-sm text-ink-soft">{t("preview_empty")}</p>
      ) : (
        <ul className="mt-1 divide-y divide-line" data-testid="discover-preview">
          {preview.data.map((entry) => {
            const date = parseDate(entry.publishedAt)
            return (
              <li key={entry.id} className="flex items-baseline gap-2 py-1.5 text-sm">
                <span className="min-w-0 flex-1 truncate">
                  {entry.title || entry.description || t("app:entry.untitled")}
                </span>
                {date && (
                  <span className="shrink-0 text-xs text-ink-faint">
                    {formatRelativeTime(date, new Date(), i18n.language)}
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
