// Feed claims: a user proves they run a feed by publishing a token the server gives them — in the feed (its
// description or an entry) or as a <meta> on its site — and the server re-fetches to check. A claimed feed shows
// its owner, and tips to it go to them (services/wallets.ts); what the feed's pool held is handed over at claim.
import { createHmac } from "node:crypto"
import { secretOf } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import {
  earnedAccount,
  feedAccount,
  lockAccounts,
  openFeedAccount,
  openUserAccounts,
  post,
  transact,
} from "../ledger/ledger.ts"
import { decodeHtmlBytes } from "../reader/decode.ts"
import { fetchDocument, HTML_ACCEPT } from "../reader/fetch.ts"
import { claimedFeeds, setFeedOwner } from "../storage/feed-claims.ts"
import { findFeedById } from "../storage/feeds.ts"
import { fetchOptions } from "./feeds.ts"
import { toFeed } from "./wire.ts"

export const CLAIM_META_NAME = "tidings-claim"

/** The same token for the same user and feed every time (no table to keep), unguessable without the secret. */
export async function claimToken(deps: Deps, userId: string, feedId: string): Promise<string> {
  const mac = createHmac("sha256", await secretOf(deps))
    .update(`feed-claim:${feedId}:${userId}`)
    .digest("hex")
  return `tidings-claim-${mac.slice(0, 40)}`
}

async function requireFeed(deps: Deps, feedId: string) {
  const feed = await findFeedById(deps.db, feedId)
  if (!feed) throw new AppError(ErrorCode.FeedNotFound)
  return feed
}

/** What to publish, in each form the SDK's message has, plus the site's <meta> tag. */
export async function claimMessage(deps: Deps, userId: string, feedId: string) {
  const feed = await requireFeed(deps, feedId)
  if (feed.ownerUserId) throw new AppError(ErrorCode.AlreadyClaimed)
  const token = await claimToken(deps, userId, feedId)
  return {
    token,
    description: token,
    content: `<p>This feed is mine on Tidings: ${token}</p>`,
    json: JSON.stringify({ _tidings: { claim: token } }),
    xml: `<tidings_claim>${token}</tidings_claim>`,
    meta: `<meta name="${CLAIM_META_NAME}" content="${token}">`,
  }
}

/** Re-fetches the feed (and its site) through the guarded fetcher; the token found anywhere in the feed, or in a
 * <meta> of the site, proves the claim (2010 otherwise, 4000 when someone already owns the feed). */
export async function verifyClaim(deps: Deps, userId: string, feedId: string): Promise<null> {
  const feed = await requireFeed(deps, feedId)
  if (feed.ownerUserId) throw new AppError(ErrorCode.AlreadyClaimed)
  const token = await claimToken(deps, userId, feedId)
  const inFeed = await fetchText(deps, feed.url, undefined)
  const found =
    inFeed?.includes(token) ||
    (feed.siteUrl ? hasClaimMeta((await fetchText(deps, feed.siteUrl, HTML_ACCEPT)) ?? "", token) : false)
  if (!found) {
    throw new AppError(ErrorCode.FeedOwnershipChallengeFailed, {
      reason: "The token was not found in the feed nor in a <meta> tag of its site",
    })
  }
  await transact(deps.db, async (tx) => {
    if (!(await setFeedOwner(tx, feedId, userId, deps.now()))) throw new AppError(ErrorCode.AlreadyClaimed)
    await collectPool(tx, userId, feedId, deps.now())
  })
  deps.log.info("feed claimed", { feedId, userId })
  return null
}

/** Tips sent to the unclaimed feed wait in its pool; the new owner receives them as earned POWER. */
async function collectPool(tx: Deps["db"], userId: string, feedId: string, at: Date) {
  await openFeedAccount(tx, feedId)
  await openUserAccounts(tx, userId)
  const balances = await lockAccounts(tx, [feedAccount(feedId), earnedAccount(userId)])
  const pool = balances.get(feedAccount(feedId)) ?? 0
  if (pool <= 0) return
  await post(
    tx,
    {
      idempotencyKey: `claim-pool:${feedId}:${userId}`,
      type: "tip",
      toUserId: userId,
      toFeedId: feedId,
      amount: pool,
      comment: "feed pool handed to its owner",
      at,
    },
    [
      { accountId: feedAccount(feedId), amount: -pool },
      { accountId: earnedAccount(userId), amount: pool },
    ],
  )
}

export async function listClaims(deps: Deps, userId: string) {
  const rows = await claimedFeeds(deps.db, userId)
  return rows.map((r) => ({
    feed: toFeed(r.feed),
    subscriptionCount: r.feed.subscriptionCount,
    tipAmount: Number(r.tipAmount),
  }))
}

async function fetchText(deps: Deps, url: string, accept: string | undefined): Promise<string | undefined> {
  try {
    const doc = await fetchDocument(url, { ...fetchOptions(deps), ...(accept ? { accept } : {}) })
    return doc.status === "ok" ? decodeHtmlBytes(doc.body, doc.contentType) : undefined
  } catch (error) {
    // The host only: a feed URL may carry a key in its query.
    deps.log.info("feed claim fetch failed", {
      host: new URL(url).host,
      error: error instanceof Error ? error.message : String(error),
    })
    return undefined
  }
}

/** A <meta name="tidings-claim" content="…"> (attributes in either order) holding the token. */
export function hasClaimMeta(html: string, token: string): boolean {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (new RegExp(`name\\s*=\\s*["']?${CLAIM_META_NAME}["'\\s>/]`, "i").test(tag) && tag.includes(token)) return true
  }
  return false
}
