// Finding sources: POST /discover (a feed URL, a website, an rsshub:// route or words) and
// POST /entries/preview (the latest entries of a found feed, before subscribing).
import type { Entry, Feed, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface DiscoverItem {
  feed?: Feed
  subscriptionCount?: number
  updatesPerWeek?: number
}

/** `lang`: the user's discoverLanguage (all, eng, cmn); word searches keep feeds in that language. */
export async function discoverFeeds(keyword: string, lang?: string): Promise<Feed[]> {
  // The dialog shows the failure itself.
  const answer = await request<Ok<DiscoverItem[]>>("/discover", {
    method: "POST",
    body: { keyword, lang },
    quiet: true,
  })
  return (answer.data ?? []).flatMap((item) => (item.feed ? [item.feed] : []))
}

export async function previewFeed(feedId: string): Promise<Entry[]> {
  const answer = await request<Ok<Entry[]>>("/entries/preview", {
    method: "POST",
    body: { id: feedId, limit: 5 },
    quiet: true,
  })
  return answer.data ?? []
}
