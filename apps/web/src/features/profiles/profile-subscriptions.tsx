// A profile's public subscriptions (grouped by view, then category) and lists, each followable in one click.
import type { FeedSubscription, ListTarget } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { viewMeta } from "../../lib/views.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { useSubscribeList } from "../../queries/lists.ts"
import { useCreateSubscription, useSubscriptions } from "../../queries/subscriptions.ts"
import { ListAvatar } from "../lists/list-avatar.tsx"
import { groupSubscriptions } from "./group-subscriptions.ts"

function FollowButton({
  following,
  pending,
  onFollow,
  label,
  testId,
}: {
  following: boolean
  pending: boolean
  onFollow: () => void
  label: string
  testId: string
}) {
  const { t } = useTranslation("profiles")
  if (following) {
    return (
      <span
        className="inline-flex shrink-0 items-center gap-1 text-xs font-medium text-ink-soft"
        data-testid={`${testId}-following`}
      >
        <Icon name="check" className="size-3.5 text-accent" />
        {t("following")}
      </span>
    )
  }
  return (
    <Button
      size="sm"
      disabled={pending}
      onClick={onFollow}
      aria-label={t("follow_named", { name: label })}
      data-testid={testId}
    >
      <Icon name="plus" className="size-3.5" />
      {t("follow")}
    </Button>
  )
}

function FeedRow({ sub, following }: { sub: FeedSubscription; following: boolean }) {
  const create = useCreateSubscription()
  const title = sub.title || sub.feeds.title || sub.feeds.url
  return (
    <li className="flex items-center gap-2.5 px-3 py-2 text-sm" data-testid="profile-feed" data-feed-id={sub.feedId}>
      <FeedIcon title={title} image={sub.feeds.image} className="size-5" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{title}</span>
        {sub.feeds.description && (
          <span className="block truncate text-xs text-ink-faint">{sub.feeds.description}</span>
        )}
      </span>
      <FollowButton
        following={following}
        pending={create.isPending}
        label={title}
        onFollow={() => create.mutate({ url: sub.feeds.url, view: sub.view })}
        testId="profile-feed-follow"
      />
    </li>
  )
}

export function ProfileSubscriptions({ feeds }: { feeds: FeedSubscription[] }) {
  const { t, i18n } = useTranslation(["profiles", "app"])
  const mine = new Set((useSubscriptions().data ?? []).map((sub) => sub.feedId))
  const groups = groupSubscriptions(feeds, i18n.language)
  if (!groups.length) return <p className="text-sm text-ink-faint">{t("no_subscriptions")}</p>
  return (
    <div className="flex flex-col gap-4" data-testid="profile-subscriptions">
      {groups.map((group) => {
        const meta = viewMeta(group.view)
        return (
          <section key={group.view} data-testid="profile-view-group" data-view={group.view}>
            <h3 className="mb-1 flex items-center gap-1.5 text-sm font-semibold">
              {meta && <Icon name={meta.icon} className="size-4 text-ink-soft" />}
              {meta ? t(`app:${meta.nameKey}`) : group.view}
            </h3>
            {group.categories.map(({ category, subscriptions }) => (
              <div key={category ?? ""} className="mt-2">
                <h4 className="mb-1 text-xs font-medium text-ink-faint" data-testid="profile-category">
                  {category ?? t("uncategorized")}
                </h4>
                <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
                  {subscriptions.map((sub) => (
                    <FeedRow key={sub.feedId} sub={sub} following={mine.has(sub.feedId)} />
                  ))}
                </ul>
              </div>
            ))}
          </section>
        )
      })}
    </div>
  )
}

export function ProfileLists({ lists }: { lists: ListTarget[] }) {
  const { t } = useTranslation("profiles")
  const mine = new Set((useListSubscriptions().data ?? []).map((sub) => sub.listId))
  const subscribe = useSubscribeList()
  if (!lists.length) return <p className="text-sm text-ink-faint">{t("no_lists")}</p>
  return (
    <ul className="divide-y divide-line rounded-lg border border-line bg-surface" data-testid="profile-lists">
      {lists.map((list) => (
        <li key={list.id} className="flex items-center gap-2.5 px-3 py-2 text-sm" data-testid="profile-list">
          <ListAvatar title={list.title} image={list.image} className="size-8 text-sm" />
          <span className="min-w-0 flex-1">
            <Link to={`/share/lists/${list.id}`} className="block truncate font-medium hover:underline">
              {list.title}
            </Link>
            <span className="block truncate text-xs text-ink-faint">
              {[list.description, t("feed_count", { count: list.feedIds.length })].filter(Boolean).join(" · ")}
            </span>
          </span>
          <FollowButton
            following={mine.has(list.id)}
            pending={subscribe.isPending}
            label={list.title}
            onFollow={() => subscribe.mutate({ listId: list.id, view: list.view })}
            testId="profile-list-follow"
          />
        </li>
      ))}
    </ul>
  )
}
