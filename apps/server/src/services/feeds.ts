// Feeds: creating one from a URL, refreshing it, and showing it to a user.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId, newIds } from "../ids.ts"
import { boostLevel, boostSpeedup } from "../ledger/rules.ts"
import { EMBEDDED_INGEST_BATCH, INGEST_BATCH, type PrepareOptions } from "../reader/entry-rows.ts"
import { FeedFetchError, type FetchOptions } from "../reader/fetch.ts"
import { ingestEntries } from "../reader/ingest.ts"
import { fetchAndParse, type PipelineResult } from "../reader/pipeline.ts"
import { isRsshubUrl, isSafeRoute, rsshubRoute } from "../reader/rsshub.ts"
import { nextCheckAfterError, nextCheckAfterSuccess, type ScheduleBounds } from "../reader/schedule.ts"
import { FeedParseError, type ParsedFeed } from "../reader/types.ts"
import { activeBoostCount } from "../storage/boosts.ts"
import { withTransaction } from "../storage/db.ts"
import { insertNewFeedWithEntries } from "../storage/entries.ts"
import {
  type FeedRow,
  findFeedById,
  findFeedByUrl,
  insertFeed,
  updateFeed,
  weeklyUpdateRate,
} from "../storage/feeds.ts"
import { actionHooks } from "./actions.ts"
import { instanceUrl, noteAnswer, rsshubTargets } from "./rsshub-instances.ts"
import { noteFetchedHub, pollAfterPush } from "./websub.ts"

/** A user-typed feed address as an absolute http(s) or rsshub:// URL; a missing scheme means https. */
export function normalizeFeedUrl(input: string): string {
  const text = input.trim()
  if (isRsshubUrl(text)) {
    if (!rsshubRoute(text) || !isSafeRoute(text)) {
      throw new AppError(ErrorCode.InvalidInput, { reason: "Please enter a valid RSSHub route" })
    }
    return `rsshub://${text.slice("rsshub://".length).replace(/^\/+/, "")}`
  }
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw new AppError(ErrorCode.InvalidInput, { reason: "Please enter a valid URL" })
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    throw new AppError(ErrorCode.InvalidInput, { reason: "Please enter a valid http or https URL" })
  }
  url.hash = ""
  return url.href
}

export function fetchOptions(deps: Deps, feed?: Pick<FeedRow, "etag" | "lastModified">): FetchOptions {
  return {
    etag: feed?.etag,
    lastModified: feed?.lastModified,
    allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK,
    timeoutMs: deps.config.FEED_FETCH_TIMEOUT_MS,
    maxBytes: deps.config.FEED_MAX_BYTES,
    siteUrl: deps.config.BASE_URL,
  }
}

/**
 * Fetches a feed URL with `attempt`. An rsshub:// route is tried on each instance rsshubTargets gives (the ones its
 * subscribers chose first) until one answers; each own instance's answer is recorded on it, and which one answered
 * is returned. The server's RSSHUB_URL is the operator's, so it may live on their own network (that origin only, not
 * wherever it redirects to); own instances go through the SSRF guard like any feed.
 */
async function fetchAcross<T>(
  deps: Deps,
  url: string,
  { feed, userId }: { feed?: FeedRow; userId?: string },
  attempt: (target: string, options: FetchOptions) => Promise<T>,
): Promise<{ value: T; rsshubInstanceId: string | null }> {
  if (!isRsshubUrl(url)) return { value: await attempt(url, fetchOptions(deps, feed)), rsshubInstanceId: null }
  const targets = await rsshubTargets(deps, feed?.id ?? null, userId ?? null)
  let lastError: unknown
  for (const target of targets) {
    const options = fetchOptions(deps, feed)
    if (target.id === null) options.trustedOrigin = new URL(target.baseUrl).origin
    // Validators (ETag, Last-Modified) belong to the instance that gave them.
    if ((feed?.rsshubInstanceId ?? null) !== target.id) Object.assign(options, { etag: null, lastModified: null })
    try {
      const value = await attempt(instanceUrl(target.baseUrl, url, target.accessKey), options)
      if (target.id) await noteAnswer(deps, target.id, null)
      return { value, rsshubInstanceId: target.id }
    } catch (error) {
      lastError = error
      const message = error instanceof Error ? error.message : String(error)
      if (target.id) await noteAnswer(deps, target.id, message)
      deps.log.info("rsshub instance failed, trying the next", { instanceId: target.id ?? "server", error: message })
    }
  }
  throw lastError
}

/**
 * How a fetch's entries become rows: stored at `now`, the newest FEED_MAX_ENTRIES_PER_FETCH of them, in statements
 * small enough for the embedded database (no DATABASE_URL), which runs them on the event loop.
 */
export function prepareAt(deps: Deps, now: Date): PrepareOptions {
  const batchSize = deps.config.DATABASE_URL ? INGEST_BATCH : EMBEDDED_INGEST_BATCH
  return { now, maxEntries: deps.config.FEED_MAX_ENTRIES_PER_FETCH, batchSize }
}

export type FetchedFeed = PipelineResult & { rsshubInstanceId?: string | null }

/** Fetches a feed URL for storing at `now` (on behalf of `userId`, when someone asked); failures are 2003 / 2004. */
export async function fetchFeedUrl(
  deps: Deps,
  url: string,
  now: Date,
  { feed, allowHtml = false, userId }: { feed?: FeedRow; allowHtml?: boolean; userId?: string } = {},
): Promise<FetchedFeed> {
  try {
    const { value, rsshubInstanceId } = await fetchAcross(deps, url, { feed, userId }, (target, options) =>
      fetchAndParse(target, options, deps.parser, { allowHtml, prepare: prepareAt(deps, now) }),
    )
    return { ...value, rsshubInstanceId }
  } catch (error) {
    throw asAppError(error)
  }
}

/** The known feed at this URL, or a new one fetched, parsed and stored now. Failures are errors 2003 / 2004. */
export async function findOrCreateFeed(deps: Deps, url: string, userId?: string): Promise<FeedRow> {
  const known = await findFeedByUrl(deps.db, url)
  if (known) return known
  const now = deps.now()
  const result = await fetchFeedUrl(deps, url, now, { userId })
  if (result.kind !== "ok") throw new AppError(ErrorCode.FeedFetchError, { reason: "Unexpected 304 answer" })
  return storeNewFeed(deps, url, result, now)
}

/** Stores a feed fetched (at `now`) for the first time, with its entries. */
export async function storeNewFeed(
  deps: Deps,
  url: string,
  result: Extract<PipelineResult, { kind: "ok" }> & { rsshubInstanceId?: string | null },
  now: Date,
) {
  const finalUrl = isRsshubUrl(url) ? url : (result.document.movedTo ?? url)
  const moved = finalUrl !== url ? await findFeedByUrl(deps.db, finalUrl) : undefined
  if (moved) return moved
  const { entries: prepared } = result
  // A new feed's rate is that of the entries in hand; nobody follows it yet, so nothing else can have changed it.
  const updatesPerWeek = prepared.lastFourWeeks / 4
  const hints = { updatesPerWeek, ttlMinutes: result.feed.ttlMinutes, cacheControl: result.document.cacheControl }
  const row = {
    id: newId(),
    url: finalUrl,
    ...feedMetadata(result.feed, now),
    etag: result.document.etag,
    lastModified: result.document.lastModified,
    checkedAt: now,
    updatedAt: now,
    droppedEntryCount: prepared.dropped,
    rsshubInstanceId: result.rsshubInstanceId ?? null,
    updatesPerWeek,
    latestEntryPublishedAt: prepared.latestPublishedAt,
    nextCheckAt: nextCheckAfterSuccess(now.getTime(), hints, bounds(deps)),
  }
  const feed = await insertNewFeed(deps, row, prepared, now)
  // Nobody follows it yet: the hub is noted, and subscribed to once someone does (services/websub.ts).
  await noteFetchedHub(deps, feed.id, result.document, result.feed, { followed: false })
  return feed
}

async function insertNewFeed(
  deps: Deps,
  row: Parameters<typeof insertFeed>[1],
  prepared: Extract<PipelineResult, { kind: "ok" }>["entries"],
  now: Date,
): Promise<FeedRow> {
  if (prepared.batches.length <= 1) {
    // One statement, so one round trip: subscribing to a new feed waits for nothing else.
    const batch = prepared.batches[0] ?? { rows: [], guids: [], hashes: [], count: 0 }
    const stored = await insertNewFeedWithEntries(deps.db, row, { ...batch, ids: newIds(batch.count), insertedAt: now })
    return stored ?? (await findFeedByUrl(deps.db, row.url))!
  }
  // A larger document is stored a batch at a time, in one transaction: if it fails, no feed row is left behind.
  return withTransaction(deps.db, async (tx) => {
    const feed = await insertFeed(tx, row)
    // A feed created in this transaction has no subscriber yet: no rules or imported marks can wait for its entries.
    await ingestEntries(tx, feed.id, prepared, now)
    return feed
  })
}

/** The job behind the queue: refresh one feed by id (gone feeds are skipped). */
export async function refreshFeedById(deps: Deps, feedId: string) {
  const feed = await findFeedById(deps.db, feedId)
  return feed ? refreshFeed(deps, feed) : undefined
}

/** Fetches a known feed again. Never throws for the feed's own failures: they are recorded on the feed. */
export async function refreshFeed(deps: Deps, feed: FeedRow): Promise<{ inserted: number; error?: string }> {
  const now = deps.now()
  // Boosts shorten the interval after a successful fetch; errors back off as for any feed.
  const boosted = bounds(deps, boostLevel(await activeBoostCount(deps.db, feed.id, now)))
  try {
    const fetched = await fetchAcross(deps, feed.url, { feed }, (target, options) =>
      fetchAndParse(target, options, deps.parser, { prepare: prepareAt(deps, now) }),
    )
    const result = fetched.value
    const cleared = {
      checkedAt: now,
      errorAt: null,
      errorMessage: null,
      errorCount: 0,
      rsshubInstanceId: fetched.rsshubInstanceId,
    }
    if (result.kind === "not-modified") {
      const hints = { updatesPerWeek: feed.updatesPerWeek, ttlMinutes: feed.ttl }
      const next = nextCheckAfterSuccess(now.getTime(), hints, boosted)
      await updateFeed(deps.db, feed.id, { ...cleared, nextCheckAt: await pollAfterPush(deps, feed.id, next) })
      return { inserted: 0 }
    }
    if (result.kind !== "ok") throw new FeedParseError("An HTML page, not a feed")
    const ingested = await ingestEntries(deps.db, feed.id, result.entries, now, actionHooks(deps))
    const push = await noteFetchedHub(deps, feed.id, result.document, result.feed, { followed: true })
    const movedTo = isRsshubUrl(feed.url) ? null : result.document.movedTo
    const canMove = movedTo && movedTo !== feed.url && !(await findFeedByUrl(deps.db, movedTo))
    const schedule = await afterIngest(deps, feed, ingested.latestPublishedAt, now, boosted, {
      ttlMinutes: result.feed.ttlMinutes,
      cacheControl: result.document.cacheControl,
    })
    await updateFeed(deps.db, feed.id, {
      ...cleared,
      ...feedMetadata(result.feed, now),
      ...(canMove ? { url: movedTo } : {}),
      etag: result.document.etag,
      lastModified: result.document.lastModified,
      updatedAt: now,
      droppedEntryCount: result.entries.dropped,
      ...schedule,
      // With pushes live the feed is polled at the longest interval only (never past its lease's end).
      nextCheckAt: push ? await pollAfterPush(deps, feed.id, schedule.nextCheckAt, push) : schedule.nextCheckAt,
    })
    return { inserted: ingested.inserted }
  } catch (error) {
    // Whatever went wrong is recorded on the feed (and it backs off); nothing escapes into the job queue.
    const failure = toFeedError(error, deps, feed.id)
    const message = failure.reason ?? failure.message
    const retryAfter = error instanceof FeedFetchError ? error.retryAfter : null
    await updateFeed(deps.db, feed.id, {
      checkedAt: now,
      errorAt: now,
      errorMessage: message,
      errorCount: feed.errorCount + 1,
      nextCheckAt: nextCheckAfterError(now.getTime(), feed.errorCount + 1, bounds(deps), retryAfter),
    })
    deps.log.warn("feed refresh failed", { feedId: feed.id, error: message })
    return { inserted: 0, error: message }
  }
}

/** The interval bounds, and for a boosted feed the speed-up of its level (ledger/rules.ts; never below the minimum). */
function bounds(deps: Deps, level = 0): ScheduleBounds {
  const minMs = deps.config.FEED_MIN_INTERVAL_MINUTES * 60_000
  const speedup = boostSpeedup(level)
  return { minMs, maxMs: Math.max(minMs, (deps.config.FEED_MAX_INTERVAL_MINUTES * 60_000) / speedup), speedup }
}

/** Analytics and the next check time once new entries are stored. */
async function afterIngest(
  deps: Deps,
  feed: FeedRow,
  latest: Date | null,
  now: Date,
  scheduleBounds: ScheduleBounds,
  hints: { ttlMinutes: number | null; cacheControl: string | null },
) {
  const updatesPerWeek = await weeklyUpdateRate(deps.db, feed.id, now)
  const newer = latest && (!feed.latestEntryPublishedAt || latest > feed.latestEntryPublishedAt)
  return {
    updatesPerWeek,
    ...(newer ? { latestEntryPublishedAt: latest } : {}),
    nextCheckAt: nextCheckAfterSuccess(now.getTime(), { updatesPerWeek, ...hints }, scheduleBounds),
  }
}

function feedMetadata(feed: Omit<ParsedFeed, "entries">, now: Date) {
  return {
    // the document's own updated time; a clock ahead of ours would pin the feed as updated in the future
    sourceUpdatedAt: feed.updatedAt && feed.updatedAt > now ? now : feed.updatedAt,
    title: feed.title,
    description: feed.description,
    siteUrl: feed.siteUrl,
    image: feed.image,
    language: feed.language,
    ttl: feed.ttlMinutes,
  }
}

/** A feed's own failure as the error to record; anything unexpected is logged and recorded generically. */
function toFeedError(error: unknown, deps: Deps, feedId: string): AppError {
  try {
    return asAppError(error)
  } catch {
    deps.log.error("feed could not be stored", { feedId, error: error instanceof Error ? error.name : String(error) })
    return new AppError(ErrorCode.InternalError, { reason: "The feed could not be stored" })
  }
}

export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof FeedFetchError) return new AppError(ErrorCode.FeedFetchError, { reason: error.message })
  if (error instanceof FeedParseError) return new AppError(ErrorCode.FeedParseError, { reason: error.message })
  throw error
}
