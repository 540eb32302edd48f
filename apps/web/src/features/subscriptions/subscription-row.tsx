// One subscribed feed in the sidebar.
import type { FeedSubscription } from "@tidings/shared"
import type { MouseEvent } from "react"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { type FeedSelection, sameSelection, timelinePath } from "../../lib/route-ids.ts"
import { subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { SidebarRow } from "./sidebar-row.tsx"

export interface SubscriptionRowProps {
  sub: FeedSubscription
  view: number
  selection: FeedSelection
  count: number
  indent?: boolean
  onMenu: (sub: FeedSubscription, event: MouseEvent<HTMLElement>, atPointer: boolean) => void
}

export function SubscriptionRow({ sub, view, selection, count, indent, onMenu }: SubscriptionRowProps) {
  const feed: FeedSelection = { kind: "feed", feedId: sub.feedId }
  const title = subscriptionTitle(sub)
  return (
    <SidebarRow
      to={timelinePath({ view, feed })}
      label={title}
      icon={<FeedIcon title={title} image={sub.feeds.image} className="size-4" />}
      count={count}
      active={sameSelection(selection, feed)}
      indent={indent}
      testId="feed-item"
      dataId={sub.feedId}
      onMenu={(event, atPointer) => onMenu(sub, event, atPointer)}
    />
  )
}
