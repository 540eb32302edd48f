// WebSub subscriber: feeds whose documents name a hub are subscribed to at it while someone follows them, the hub's
// intent verifications are answered, signed pushes are stored at once through the same ingest as a fetch, leases
// are renewed, and a feed nobody follows any more is unsubscribed. Polling never stops: with a live lease it only
// slows down to the longest interval, and a hub that fails leaves the feed polled as before.
import { randomBytes } from "node:crypto"
import type { Deps } from "../deps.ts"
import { ingestEntries } from "../reader/ingest.ts"
import { discoverHub, HubRequestError, postToHub, signatureMatches } from "../reader/websub.ts"
import { findFeedById, updateFeed } from "../storage/feeds.ts"
import {
  claimDueWebSubs,
  findWebSub,
  findWebSubByCallback,
  findWebSubs,
  followedFeedIds,
  markIdleDue,
  pushIsLive,
  recordHub,
  updateWebSub,
  updateWebSubIn,
  type WebSubRow,
  type WebSubState,
} from "../storage/websub.ts"
import { actionHooks } from "./actions.ts"
import { prepareAt } from "./feeds.ts"

/** How long a hub has to verify a (un)subscription request before it counts as failed. */
const VERIFY_TIMEOUT_MS = 10 * 60_000
/** Failed subscriptions are retried after 5 minutes, doubling, at most a day apart. */
const RETRY_BASE_MS = 5 * 60_000
const RETRY_MAX_MS = 86_400_000
/** A claimed subscription is held this long, so two scheduling processes do not both act on it. */
const CLAIM_HOLD_MS = 5 * 60_000
const CLAIM_BATCH = 100

const token = () => randomBytes(24).toString("base64url")

export function callbackUrl(deps: Deps, row: Pick<WebSubRow, "callbackId">): string {
  return `${deps.config.BASE_URL.replace(/\/+$/, "")}/websub/${row.callbackId}`
}

/**
 * After a fetch: records the hub its headers or document name. For a followed feed (one being polled) an idle
 * subscription is made due and started now. Answers the feed's subscription, if any.
 */
export async function noteFetchedHub(
  deps: Deps,
  feedId: string,
  fetched: { url: string; links: string[] },
  document: { hubs?: string[]; selfUrl?: string | null },
  { followed }: { followed: boolean },
): Promise<WebSubRow | undefined> {
  if (!deps.config.WEBSUB_ENABLED) return undefined
  const link = discoverHub(fetched, document)
  if (!link) return findWebSub(deps.db, feedId)
  const now = deps.now()
  const row = await recordHub(
    deps.db,
    { feedId, ...link, callbackId: token(), secret: token() },
    followed ? now : null,
    now,
  )
  if (followed && row.state === "idle") {
    if (!row.nextActionAt) await markIdleDue(deps.db, feedId, now)
    kickWebSub(deps, [feedId])
  }
  return row
}

/** The next poll of a feed whose pushes are live: no sooner than the longest interval, or the lease's end. */
export async function pollAfterPush(deps: Deps, feedId: string, next: Date, row?: WebSubRow): Promise<Date> {
  if (!deps.config.WEBSUB_ENABLED) return next
  const sub = row ?? (await findWebSub(deps.db, feedId))
  const now = deps.now()
  if (!pushIsLive(sub, now)) return next
  const longest = now.getTime() + deps.config.FEED_MAX_INTERVAL_MINUTES * 60_000
  const held = Math.min(longest, sub!.leaseExpiresAt!.getTime())
  return held > next.getTime() ? new Date(held) : next
}

/** Subscribes or unsubscribes these feeds now, as their followers changed; runs beside the caller, never throws. */
export function kickWebSub(deps: Deps, feedIds: string[]): void {
  if (!deps.config.WEBSUB_ENABLED || !feedIds.length) return
  tendFeeds(deps, feedIds).catch((error: unknown) =>
    deps.log.warn("websub update failed", { error: error instanceof Error ? error.message : String(error) }),
  )
}

async function tendFeeds(deps: Deps, feedIds: string[]): Promise<void> {
  const rows = await findWebSubs(deps.db, feedIds)
  if (!rows.length) return
  const followed = await followedFeedIds(
    deps.db,
    rows.map((r) => r.feedId),
  )
  for (const row of rows) await tend(deps, row, followed.has(row.feedId), false)
}

/** The ticker's work: every subscription whose renewal, retry or verification deadline has come. */
export async function tendDueWebSubs(deps: Deps): Promise<number> {
  if (!deps.config.WEBSUB_ENABLED) return 0
  let tended = 0
  for (;;) {
    const due = await claimDueWebSubs(deps.db, deps.now(), CLAIM_BATCH, CLAIM_HOLD_MS)
    const followed = await followedFeedIds(
      deps.db,
      due.map((r) => r.feedId),
    )
    for (const row of due) await tend(deps, row, followed.has(row.feedId), true)
    tended += due.length
    if (due.length < CLAIM_BATCH) return tended
  }
}

/** One subscription's next step; `due`: its next action time has come (the ticker), otherwise a kick. */
async function tend(deps: Deps, row: WebSubRow, followed: boolean, due: boolean): Promise<void> {
  const now = deps.now()
  if (!followed) {
    if (row.state === "active" || row.state === "pending") return unsubscribeAtHub(deps, row, now)
    if (due || row.state === "failed") {
      // Nothing to renew for nobody; a lapsed unsubscription is as good as done.
      await updateWebSub(deps.db, row.feedId, { state: "idle", nextActionAt: null, updatedAt: now })
    }
    return
  }
  if (row.state === "idle" || row.state === "unsubscribing") return subscribeAtHub(deps, row, now)
  if (!due) return
  if (row.state === "failed" || row.state === "active") return subscribeAtHub(deps, row, now)
  if (row.state === "pending") {
    await fail(deps, row, "The hub never verified the subscription", now)
  }
}

async function subscribeAtHub(deps: Deps, row: WebSubRow, now: Date): Promise<void> {
  // Pending before the request: a hub may verify before it even answers.
  await updateWebSub(deps.db, row.feedId, {
    state: "pending",
    nextActionAt: new Date(now.getTime() + VERIFY_TIMEOUT_MS),
    updatedAt: now,
  })
  try {
    await postToHub(
      row.hub,
      {
        "hub.mode": "subscribe",
        "hub.topic": row.topic,
        "hub.callback": callbackUrl(deps, row),
        "hub.secret": row.secret,
        "hub.lease_seconds": String(deps.config.WEBSUB_LEASE_SECONDS),
      },
      hubOptions(deps),
    )
  } catch (error) {
    // A hub that quotes the request back in its refusal must not put the secret into the log or the row.
    await fail(deps, row, errorText(error).replaceAll(row.secret, "[secret]"), now)
  }
}

async function unsubscribeAtHub(deps: Deps, row: WebSubRow, now: Date): Promise<void> {
  await updateWebSub(deps.db, row.feedId, {
    state: "unsubscribing",
    nextActionAt: new Date(now.getTime() + VERIFY_TIMEOUT_MS),
    updatedAt: now,
  })
  try {
    await postToHub(
      row.hub,
      { "hub.mode": "unsubscribe", "hub.topic": row.topic, "hub.callback": callbackUrl(deps, row) },
      hubOptions(deps),
    )
  } catch (error) {
    // The lease will lapse on its own; nothing is pushed to an idle subscription's callback any more (410).
    const message = errorText(error)
    await updateWebSubIn(deps.db, row.feedId, ["unsubscribing"], {
      state: "idle",
      nextActionAt: null,
      lastError: message,
      updatedAt: now,
    })
    deps.log.warn("websub unsubscribe failed", { feedId: row.feedId, hub: hostOf(row.hub), error: message })
  }
}

/** A failed (un)subscription: recorded, retried with back-off; polling goes on as before. */
async function fail(
  deps: Deps,
  row: WebSubRow,
  message: string,
  now: Date,
  from: WebSubState[] = ["pending"],
): Promise<void> {
  const errorCount = row.errorCount + 1
  const retryMs = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(errorCount - 1, 20))
  const changed = await updateWebSubIn(deps.db, row.feedId, from, {
    state: "failed",
    errorCount,
    lastError: message,
    nextActionAt: new Date(now.getTime() + retryMs),
    updatedAt: now,
  })
  if (changed) deps.log.warn("websub subscription failed", { feedId: row.feedId, hub: hostOf(row.hub), error: message })
}

/**
 * The hub's intent verification (GET on the callback): the challenge to echo when mode and topic match a
 * subscription we asked for, "" for a denial we take note of, null (404) for anything else.
 */
export async function verifyIntent(deps: Deps, callbackId: string, query: Record<string, string>) {
  if (!deps.config.WEBSUB_ENABLED) return null
  const row = await findWebSubByCallback(deps.db, callbackId)
  const mode = query["hub.mode"]
  if (!row || !query["hub.topic"] || query["hub.topic"] !== row.topic) return null
  const now = deps.now()
  if (mode === "denied") {
    if (row.state !== "pending" && row.state !== "active") return null
    await fail(deps, row, `The hub denied the subscription${reasonOf(query["hub.reason"])}`, now, ["pending", "active"])
    return ""
  }
  const challenge = query["hub.challenge"]
  if (!challenge) return null
  if (mode === "subscribe" && (row.state === "pending" || row.state === "active")) {
    const granted = Number(query["hub.lease_seconds"])
    const lease = Number.isInteger(granted) && granted > 0 ? granted : deps.config.WEBSUB_LEASE_SECONDS
    await updateWebSub(deps.db, row.feedId, {
      state: "active",
      leaseSeconds: lease,
      leaseExpiresAt: new Date(now.getTime() + lease * 1000),
      // Renewed at four fifths of the lease, so a slow hub still has time before it lapses.
      nextActionAt: new Date(now.getTime() + lease * 800),
      verifiedAt: now,
      errorCount: 0,
      lastError: null,
      updatedAt: now,
    })
    return challenge
  }
  if (mode === "unsubscribe" && row.state === "unsubscribing") {
    await updateWebSub(deps.db, row.feedId, {
      state: "idle",
      leaseExpiresAt: null,
      nextActionAt: null,
      updatedAt: now,
    })
    return challenge
  }
  return null
}

/**
 * Content distribution (POST on the callback). 410 for a callback with no subscription (the hub may then drop it);
 * a missing or wrong signature is acknowledged (202) and ignored, as the spec asks; a signed body is stored now.
 */
export async function receivePush(
  deps: Deps,
  callbackId: string,
  body: Uint8Array,
  headers: { signature?: string; contentType?: string },
): Promise<200 | 202 | 410> {
  if (!deps.config.WEBSUB_ENABLED) return 410
  const row = await findWebSubByCallback(deps.db, callbackId)
  if (!row || row.state === "idle") return 410
  if (!signatureMatches(headers.signature, body, row.secret)) {
    deps.log.warn("websub push ignored: bad or missing signature", { feedId: row.feedId, hub: hostOf(row.hub) })
    return 202
  }
  const feed = await findFeedById(deps.db, row.feedId)
  if (!feed) return 410
  const now = deps.now()
  try {
    const parsed = await deps.parser.parseForIngest(
      body,
      { url: feed.url, contentType: headers.contentType ?? null },
      prepareAt(deps, now),
    )
    const ingested = await ingestEntries(deps.db, feed.id, parsed.entries, now, actionHooks(deps))
    const latest = ingested.latestPublishedAt
    const newer = latest && (!feed.latestEntryPublishedAt || latest > feed.latestEntryPublishedAt)
    if (ingested.inserted || newer) {
      await updateFeed(deps.db, feed.id, { updatedAt: now, ...(newer ? { latestEntryPublishedAt: latest } : {}) })
    }
    await updateWebSub(deps.db, row.feedId, { pushedAt: now })
    return 200
  } catch (error) {
    // An unreadable push is the hub's problem; polling still brings what it carried.
    const message = errorText(error)
    await updateWebSub(deps.db, row.feedId, { lastError: `Pushed content not stored: ${message}` })
    deps.log.warn("websub push not stored", { feedId: row.feedId, error: message })
    return 202
  }
}

function hubOptions(deps: Deps) {
  return {
    allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK,
    timeoutMs: deps.config.FEED_FETCH_TIMEOUT_MS,
    siteUrl: deps.config.BASE_URL,
  }
}

function errorText(error: unknown): string {
  if (error instanceof HubRequestError) return error.message
  return error instanceof Error ? error.message || error.name : String(error)
}

function reasonOf(reason: string | undefined): string {
  const text = reason?.replace(/\s+/g, " ").trim().slice(0, 200)
  return text ? `: ${text}` : ""
}

function hostOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).host : null
}
