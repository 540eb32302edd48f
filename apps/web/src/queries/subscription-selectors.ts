// Pure views over the subscription list: per view, per category, titles. The sidebar, the timeline's folder
// filter and the add-feed dialog all read subscriptions through these.
import type { FeedSubscription } from "@tidings/shared"
import { withAutoGroups } from "./auto-group.ts"

export function subscriptionTitle(sub: FeedSubscription): string {
  return sub.title?.trim() || sub.feeds.title?.trim() || sub.feeds.url
}

export function subscriptionsInView(subs: readonly FeedSubscription[], view: number): FeedSubscription[] {
  // View -1 (All) spans every view.
  return view < 0 ? [...subs] : subs.filter((sub) => sub.view === view)
}

export interface CategoryGroup {
  category: string
  subscriptions: FeedSubscription[]
}

export interface GroupedSubscriptions {
  folders: CategoryGroup[]
  /** Subscriptions without a category, shown at the top level. */
  loose: FeedSubscription[]
}

const byTitle = (a: FeedSubscription, b: FeedSubscription) =>
  subscriptionTitle(a).localeCompare(subscriptionTitle(b), undefined, { sensitivity: "base" })

export function groupByCategory(subs: readonly FeedSubscription[]): GroupedSubscriptions {
  const folders = new Map<string, FeedSubscription[]>()
  const loose: FeedSubscription[] = []
  for (const sub of subs) {
    const category = sub.category?.trim()
    if (!category) loose.push(sub)
    else folders.set(category, [...(folders.get(category) ?? []), sub])
  }
  return {
    folders: [...folders]
      .map(([category, list]) => ({ category, subscriptions: list.sort(byTitle) }))
      .sort((a, b) => a.category.localeCompare(b.category, undefined, { sensitivity: "base" })),
    loose: loose.sort(byTitle),
  }
}

/** A category's feeds; a name no category has may be an automatic site folder (autoGroup, see auto-group.ts). */
export function feedIdsInCategory(subs: readonly FeedSubscription[], view: number, category: string): string[] {
  const inCategory = (list: readonly FeedSubscription[]) =>
    subscriptionsInView(list, view)
      .filter((sub) => sub.category?.trim() === category)
      .map((sub) => sub.feedId)
  const named = inCategory(subs)
  return named.length ? named : inCategory(withAutoGroups(subs))
}

/** Distinct category names, for the add-feed dialog's suggestions. */
export function categoryNames(subs: readonly FeedSubscription[]): string[] {
  const names = new Set(subs.map((sub) => sub.category?.trim()).filter((name): name is string => Boolean(name)))
  return [...names].sort((a, b) => a.localeCompare(b))
}

/** Feed ids per view, for per-view unread totals and for which optional views the sidebar shows. */
export function feedIdsByView(subs: readonly FeedSubscription[]): Map<number, string[]> {
  const result = new Map<number, string[]>()
  for (const sub of subs) result.set(sub.view, [...(result.get(sub.view) ?? []), sub.feedId])
  return result
}

/**
 * hideAllReadSubscriptions: only subscriptions with unread entries, plus the one being read (so it does not vanish
 * from under the reader as its last entry is marked read).
 */
export function withUnread(
  subs: readonly FeedSubscription[],
  unreadOf: (feedId: string) => number,
  keepFeedId?: string,
): FeedSubscription[] {
  return subs.filter((sub) => sub.feedId === keepFeedId || unreadOf(sub.feedId) > 0)
}

/** hidePrivateSubscriptionsInTimeline: the feed ids of private subscriptions, kept out of the All timeline. */
export function privateFeedIds(subs: readonly FeedSubscription[]): Set<string> {
  return new Set(subs.filter((sub) => sub.isPrivate).map((sub) => sub.feedId))
}
