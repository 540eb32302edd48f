// A profile's public subscriptions grouped as their owner files them: by view (in the views' order), then by
// category (named ones alphabetically, uncategorised last), titles alphabetically inside.
import type { FeedSubscription } from "@tidings/shared"
import { views } from "../../lib/views.ts"

export interface ViewGroup {
  view: number
  categories: { category: string | null; subscriptions: FeedSubscription[] }[]
}

const titleOf = (sub: FeedSubscription) => sub.title || sub.feeds.title || sub.feeds.url

export function groupSubscriptions(subscriptions: FeedSubscription[], locale = "en"): ViewGroup[] {
  const compare = new Intl.Collator(locale).compare
  return views.flatMap(({ view }) => {
    const inView = subscriptions.filter((sub) => sub.view === view)
    if (!inView.length) return []
    const names = [...new Set(inView.map((sub) => sub.category || null))]
    const named = names.filter((name): name is string => name !== null).sort(compare)
    const ordered = names.includes(null) ? [...named, null] : named
    return [
      {
        view,
        categories: ordered.map((category) => ({
          category,
          subscriptions: inView
            .filter((sub) => (sub.category || null) === category)
            .sort((a, b) => compare(titleOf(a), titleOf(b))),
        })),
      },
    ]
  })
}
