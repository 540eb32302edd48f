// The public page of a list (/share/lists/:listId): any signed-in user sees what it holds and who made it, and can
// follow it; a follower gets a way into the list's timeline.
import type { ListDetail } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { FeedIcon } from "../components/ui/feed-icon.tsx"
import { Icon } from "../components/ui/icons.tsx"
import { PageFrame } from "../components/ui/page-frame.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { ListAvatar } from "../features/lists/list-avatar.tsx"
import { profilePath } from "../features/profiles/profile-paths.ts"
import { copyText } from "../lib/clipboard.ts"
import { formatFullDateTime, formatRelativeTime, parseDate } from "../lib/format-date.ts"
import { timelinePath } from "../lib/route-ids.ts"
import { viewMeta } from "../lib/views.ts"
import { useListDetail, useSubscribeList } from "../queries/lists.ts"
import { useUserProfile } from "../queries/profiles.ts"

export function ShareListRoute() {
  const { t } = useTranslation(["lists", "common"])
  const listId = useParams().listId ?? ""
  const detail = useListDetail(listId)
  if (detail.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (!detail.data) {
    return (
      <PageFrame title={t("public_title")}>
        <EmptyState icon="rss" title={t("not_found")} />
      </PageFrame>
    )
  }
  return <PublicList detail={detail.data} />
}

function PublicList({ detail }: { detail: ListDetail }) {
  const { t, i18n } = useTranslation(["lists", "app", "common"])
  const { list, subscription } = detail
  const ownerQuery = useUserProfile(list.ownerUserId)
  const owner = ownerQuery.data
  const subscribe = useSubscribeList()
  const view = viewMeta(list.view)
  const timeline = timelinePath({ view: subscription?.view ?? list.view, feed: { kind: "list", listId: list.id } })
  const now = new Date()
  const ownerName = owner ? owner.name || (owner.handle ? `@${owner.handle}` : null) : null
  // The owner is part of the line under the title: wait for the (batched) lookup rather than redraw the line.
  if (ownerQuery.isPending) return <LoadingPane label={t("common:status.loading")} />

  return (
    <PageFrame title={list.title}>
      <div className="mt-3 flex items-start gap-3" data-testid="public-list">
        <ListAvatar title={list.title} image={list.image} className="size-14 text-2xl" />
        <div className="min-w-0 flex-1">
          {list.description && <p className="text-sm text-ink-soft">{list.description}</p>}
          <p className="mt-1 text-xs text-ink-faint" data-testid="public-list-meta">
            {owner && ownerName && (
              <Link
                to={profilePath(owner)}
                className="font-medium text-ink-soft hover:underline"
                data-testid="public-list-owner"
              >
                {t("by_owner", { name: ownerName })}
              </Link>
            )}
            {[
              owner && ownerName ? "" : null,
              view ? t(`app:${view.nameKey}`) : null,
              list.fee > 0 ? t("fee_value", { fee: list.fee }) : t("free"),
              t("subscriber_count", { count: detail.subscriptionCount }),
            ]
              .filter((part) => part !== null)
              .join(" · ")}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {subscription ? (
          <>
            <span
              className="inline-flex items-center gap-1 text-sm font-medium text-ink-soft"
              data-testid="public-list-subscribed"
            >
              <Icon name="check" className="size-4 text-accent" />
              {t("subscribed")}
            </span>
            <Link
              to={timeline}
              className="inline-flex h-9 items-center gap-2 rounded-lg bg-accent px-3.5 text-sm font-medium text-on-accent shadow-sm hover:bg-accent-strong"
              data-testid="public-list-open"
            >
              {t("open_timeline")}
            </Link>
          </>
        ) : (
          <Button
            variant="primary"
            disabled={subscribe.isPending}
            onClick={() => subscribe.mutate({ listId: list.id, view: list.view })}
            data-testid="public-list-subscribe"
          >
            <Icon name="plus" />
            {t("subscribe")}
          </Button>
        )}
        <Button onClick={() => void copyText(window.location.href, "link")} data-testid="public-list-copy">
          <Icon name="link" className="size-4" />
          {t("copy_link")}
        </Button>
      </div>
      <section className="mt-6">
        <h2 className="mb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">
          {t("feed_count", { count: list.feeds.length })}
        </h2>
        {list.feeds.length ? (
          <ul className="divide-y divide-line rounded-lg border border-line bg-surface" data-testid="public-list-feeds">
            {list.feeds.map((feed) => (
              <li key={feed.id} className="flex items-center gap-2.5 px-3 py-2 text-sm">
                <FeedIcon title={feed.title || feed.url} image={feed.image} className="size-5" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{feed.title || feed.url}</span>
                  {feed.description && (
                    <span className="block truncate text-xs text-ink-faint">{feed.description}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-faint">{t("no_feeds")}</p>
        )}
      </section>
      {detail.entries.length > 0 && (
        <section className="mt-6">
          <h2 className="mb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">{t("latest_entries")}</h2>
          <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
            {detail.entries.slice(0, 10).map((entry) => {
              const published = parseDate(entry.publishedAt)
              return (
                <li key={entry.id} className="px-3 py-2 text-sm">
                  <span className="block truncate font-medium">{entry.title || t("app:entry.untitled")}</span>
                  <span className="block truncate text-xs text-ink-faint">
                    {entry.feeds.title || entry.feeds.url}
                    {published && " · "}
                    {published && (
                      <time dateTime={published.toISOString()} title={formatFullDateTime(published, i18n.language)}>
                        {formatRelativeTime(published, now, i18n.language)}
                      </time>
                    )}
                  </span>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </PageFrame>
  )
}

export { ShareListRoute as Component }
