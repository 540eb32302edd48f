// One subscribed feed in the sidebar: a link that can also be picked into the multi-selection and dragged.
import type { FeedSubscription } from "@tidings/shared"
import type { DragEvent, MouseEvent } from "react"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { type FeedSelection, sameSelection, timelinePath } from "../../lib/route-ids.ts"
import { subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { SidebarRow } from "./sidebar-row.tsx"

/** How the tree's rows take part in the selection and in drags. */
export interface FeedRowControls {
  isSelected: (feedId: string) => boolean
  selectedNote: string
  onClick: (sub: FeedSubscription, event: MouseEvent<HTMLAnchorElement>) => void
  onDragStart: (sub: FeedSubscription, event: DragEvent<HTMLAnchorElement>) => void
  onDragEnd: () => void
}

export interface SubscriptionRowProps {
  sub: FeedSubscription
  view: number
  selection: FeedSelection
  count: number
  indent?: boolean
  onMenu: (sub: FeedSubscription, event: MouseEvent<HTMLElement>, atPointer: boolean) => void
  controls: FeedRowControls
}

export function SubscriptionRow({ sub, view, selection, count, indent, onMenu, controls }: SubscriptionRowProps) {
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
      selected={controls.isSelected(sub.feedId)}
      selectedNote={controls.selectedNote}
      onClick={(event) => controls.onClick(sub, event)}
      onDragStart={(event) => controls.onDragStart(sub, event)}
      onDragEnd={controls.onDragEnd}
    />
  )
}
