// The rules of an OPML import, apart from its screen: which feeds of a file are taken (spec: "OPML import cannot
// select more feeds than the remaining quota"), and how far the server has got fetching the ones added.
import type { FeedSubscription } from "@tidings/shared"
import type { OpmlPreview, OpmlPreviewFeed } from "../../api/data-control.ts"

export type PreviewStatus = "new" | "followed" | "over-quota"

export interface PreviewRow extends OpmlPreviewFeed {
  status: PreviewStatus
}

/** Compared the way the server stores feed URLs closely enough for a preview: scheme and trailing slash aside. */
export const comparableUrl = (url: string) =>
  url
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/\/+$/, "")
    .toLowerCase()

/** Each feed of the file once, marked followed, new, or past the quota (new feeds after the first `remaining`). */
export function previewRows(preview: OpmlPreview, followedUrls: Iterable<string>): PreviewRow[] {
  const followed = new Set([...followedUrls].map(comparableUrl))
  const seen = new Set<string>()
  let left = preview.remaining
  const rows: PreviewRow[] = []
  for (const feed of preview.subscriptions) {
    const key = comparableUrl(feed.url)
    if (seen.has(key)) continue
    seen.add(key)
    if (followed.has(key)) rows.push({ ...feed, status: "followed" })
    else if (left > 0) {
      left -= 1
      rows.push({ ...feed, status: "new" })
    } else rows.push({ ...feed, status: "over-quota" })
  }
  return rows
}

export interface FetchFailure {
  title: string
  reason: string
}

export interface FetchProgress {
  done: number
  total: number
  failed: FetchFailure[]
}

/** How many of the imported feeds the server has fetched or given up on, from the subscriptions list. */
export function fetchProgress(importedFeedIds: readonly string[], subscriptions: FeedSubscription[]): FetchProgress {
  const byId = new Map(subscriptions.map((s) => [s.feedId, s]))
  let done = 0
  const failed: FetchFailure[] = []
  for (const id of importedFeedIds) {
    const sub = byId.get(id)
    if (!sub) continue
    const feed = sub.feeds
    if (feed.errorAt) {
      done += 1
      failed.push({ title: sub.title ?? feed.title ?? feed.url, reason: feed.errorMessage ?? "" })
    } else if (feed.checkedAt) done += 1
  }
  return { done, total: importedFeedIds.length, failed }
}
