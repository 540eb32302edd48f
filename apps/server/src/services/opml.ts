// OPML in and out: preview a file (with the remaining quota), import it (returns at once; new feeds are fetched in
// the background by the job queue), export the subscriptions grouped by category or view (OPML or JSON).
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import type { FeedQueue } from "../jobs/queue.ts"
import { buildOpml, type OpmlFeed, parseOpml } from "../reader/opml.ts"
import { lockUser, withTransaction } from "../storage/db.ts"
import { ensureFeeds, refreshSubscriptionCounts } from "../storage/feeds.ts"
import { countSubscriptions, insertFeedSubscriptions, listFeedSubscriptions } from "../storage/subscriptions.ts"
import { backfillMany } from "../storage/timeline.ts"
import { applyRulesToArrivals } from "./arrivals.ts"
import { normalizeFeedUrl } from "./feeds.ts"
import type { SessionInfo } from "./session.ts"
import { cleanText } from "./subscriptions.ts"

const MAX_OPML_BYTES = 5 * 1024 * 1024
const NO_LIMIT = 1_000_000

function readOpml(bytes: Uint8Array): OpmlFeed[] {
  if (bytes.length > MAX_OPML_BYTES) throw new AppError(ErrorCode.UploadFileTooLarge)
  try {
    return parseOpml(new TextDecoder().decode(bytes))
  } catch {
    throw new AppError(ErrorCode.UploadInvalidFile, { reason: "Not an OPML file" })
  }
}

async function remainingQuota(deps: Deps, session: SessionInfo): Promise<number> {
  if (session.feedSubscriptionLimit === null) return NO_LIMIT
  return Math.max(0, session.feedSubscriptionLimit - (await countSubscriptions(deps.db, session.userId, "feed")))
}

/** POST /subscriptions/parse-opml: what the file holds, and how many more feeds the user may follow. */
export async function previewOpml(deps: Deps, session: SessionInfo, bytes: Uint8Array) {
  const feeds = readOpml(bytes)
  return {
    subscriptions: feeds.map((f) => ({
      userId: session.userId,
      url: f.url,
      view: f.view ?? 0,
      category: f.category,
      title: f.title,
    })),
    remaining: await remainingQuota(deps, session),
  }
}

interface Item {
  id?: string
  url: string
  title: string | null
}

/** POST /subscriptions/import: subscribes to every (selected) feed of the file at once. */
export async function importOpml(
  deps: Deps,
  session: SessionInfo,
  queue: FeedQueue,
  bytes: Uint8Array,
  selected?: string[],
) {
  const wanted = selected ? new Set(selected) : undefined
  const parsedErrorItems: Item[] = []
  const candidates = new Map<string, OpmlFeed>()
  for (const feed of readOpml(bytes)) {
    if (wanted && !wanted.has(feed.url)) continue
    try {
      const url = normalizeFeedUrl(feed.url)
      if (!candidates.has(url)) candidates.set(url, { ...feed, url })
    } catch {
      parsedErrorItems.push({ url: feed.url, title: feed.title })
    }
  }
  const existing = new Set((await listFeedSubscriptions(deps.db, session.userId)).map((r) => r.feed.url))
  const conflicts = [...candidates.values()].filter((f) => existing.has(f.url))
  const fresh = [...candidates.values()].filter((f) => !existing.has(f.url))
  const feeds = await withTransaction(deps.db, async (tx) => {
    // "OPML import cannot select more feeds than the remaining quota" (spec), counted under the user's lock.
    await lockUser(tx, session.userId)
    if (fresh.length > (await remainingQuota({ ...deps, db: tx }, session))) {
      throw new AppError(ErrorCode.TrialUserMaxFeedSubscriptionExceeded)
    }
    const byUrl = await ensureFeeds(tx, [...candidates.keys()], deps.now())
    const rows = fresh.map((f) => ({
      id: newId(),
      userId: session.userId,
      type: "feed" as const,
      feedId: byUrl.get(f.url)!.id,
      view: f.view ?? 0,
      category: cleanText(f.category),
      title: cleanText(f.title),
    }))
    const added = await insertFeedSubscriptions(tx, rows)
    await applyRulesToArrivals(deps, tx, await backfillMany(tx, session.userId, added), "copy")
    await refreshSubscriptionCounts(tx, added)
    return byUrl
  })
  // Feeds never fetched are queued now; their entries reach the timeline as they are ingested.
  await queue.add([...feeds.values()].filter((f) => !f.checkedAt).map((f) => f.id))
  const item = (f: OpmlFeed): Item => ({ id: feeds.get(f.url)?.id, url: f.url, title: f.title })
  return { successfulItems: fresh.map(item), conflictItems: conflicts.map(item), parsedErrorItems }
}

export interface ExportInput {
  folderMode?: "view" | "category"
  format?: "opml" | "json"
  categoryId?: string
  rsshubUrl?: string
}

const VIEW_NAMES: Record<number, string> = {
  0: "Articles",
  1: "Social media",
  2: "Pictures",
  3: "Videos",
  4: "Audios",
  5: "Notifications",
}

/** The user's feed subscriptions as OPML (or JSON), grouped by category, or by view and then category. */
export async function exportSubscriptions(deps: Deps, userId: string, input: ExportInput) {
  const rows = await listFeedSubscriptions(deps.db, userId)
  const rsshub = input.rsshubUrl?.replace(/\/+$/, "")
  const feeds: OpmlFeed[] = rows
    .filter((r) => !input.categoryId || r.subscription.category === input.categoryId)
    .map(({ subscription, feed }) => ({
      url: rsshub && feed.url.startsWith("rsshub://") ? `${rsshub}/${feed.url.slice("rsshub://".length)}` : feed.url,
      title: subscription.title ?? feed.title,
      siteUrl: feed.siteUrl,
      category: subscription.category,
      view: subscription.view,
    }))
  if (input.format === "json") {
    return {
      content: JSON.stringify(feeds, null, 2),
      contentType: "application/json",
      filename: "tidings-subscriptions.json",
    }
  }
  const opml = buildOpml("Tidings subscriptions", feeds, input.folderMode === "view" ? VIEW_NAMES : undefined)
  return { content: opml, contentType: "text/x-opml; charset=utf-8", filename: "tidings-subscriptions.opml" }
}
