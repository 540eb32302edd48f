// Feeds out (issue 15): a user's view, category, list, starred items, inbox or saved search as RSS, Atom and JSON Feed at an
// unguessable URL (a revocable token per target), a list's public feed (lists are public), and the OPML of a user's
// public subscriptions. What a token publishes is read through the owner's own timeline, exactly as they see it.
import { randomBytes } from "node:crypto"
import type { EntryListItem } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { buildOpml } from "../reader/opml.ts"
import {
  deleteFeedOutput,
  type FeedOutputRow,
  findFeedOutputByToken,
  findOrInsertFeedOutput,
  listFeedOutputs,
} from "../storage/feed-outputs.ts"
import { findInbox } from "../storage/inboxes.ts"
import { findList, latestListEntries } from "../storage/lists.ts"
import { findProfileById } from "../storage/profiles.ts"
import { findSavedSearch } from "../storage/saved-searches.ts"
import { findListSubscription, listFeedSubscriptions } from "../storage/subscriptions.ts"
import { listEntriesJson } from "./entries.ts"
import { type FeedFormat, type OutputDocument, renderFeed } from "./feed-render.ts"
import { listInboxEntries } from "./inboxes.ts"
import { ownSearch } from "./saved-searches.ts"
import { toEntryListItem } from "./wire.ts"

export const FEED_OUTPUT_KINDS = ["view", "category", "list", "starred", "inbox", "search"] as const
export type FeedOutputKind = (typeof FEED_OUTPUT_KINDS)[number]

/** Items per document: what a feed reader polling every few minutes needs, and a bounded answer. */
export const FEED_OUTPUT_ITEMS = 50

const VIEW_NAMES = ["Articles", "Social media", "Pictures", "Videos", "Audio", "Notifications"]

/** The three documents of one output, by format, under `origin`. */
export function outputUrls(origin: string, token: string) {
  return {
    rss: `${origin}/out/${token}/rss.xml`,
    atom: `${origin}/out/${token}/atom.xml`,
    json: `${origin}/out/${token}/feed.json`,
  }
}

function toWire(row: FeedOutputRow, origin: string) {
  return {
    id: row.id,
    kind: row.kind as FeedOutputKind,
    target: row.target,
    createdAt: row.createdAt.toISOString(),
    urls: outputUrls(origin, row.token),
  }
}

export async function userFeedOutputs(deps: Deps, userId: string, origin: string) {
  return (await listFeedOutputs(deps.db, userId)).map((row) => toWire(row, origin))
}

/** Creates the output of a target the user has (or answers the one that exists: one URL per target). */
export async function createFeedOutput(
  deps: Deps,
  userId: string,
  input: { kind: FeedOutputKind; target: string },
  origin: string,
) {
  const target = input.kind === "starred" ? "" : input.target.trim()
  await ensureTarget(deps, userId, input.kind, target)
  const row = await findOrInsertFeedOutput(deps.db, {
    id: newId(),
    userId,
    kind: input.kind,
    target,
    token: randomBytes(24).toString("base64url"),
  })
  return toWire(row, origin)
}

export async function revokeFeedOutput(deps: Deps, userId: string, id: string) {
  if (!(await deleteFeedOutput(deps.db, userId, id))) throw new AppError(ErrorCode.NotFound)
}

async function ensureTarget(deps: Deps, userId: string, kind: FeedOutputKind, target: string) {
  switch (kind) {
    case "view":
      if (!/^[0-5]$/.test(target)) throw new AppError(ErrorCode.InvalidInput, { reason: "view must be 0 to 5" })
      return
    case "category": {
      if (!target) throw new AppError(ErrorCode.InvalidInput, { reason: "category is empty" })
      const rows = await listFeedSubscriptions(deps.db, userId)
      if (!rows.some((r) => r.subscription.category === target)) throw new AppError(ErrorCode.NotFound)
      return
    }
    case "list":
      if (!(await findListSubscription(deps.db, userId, target))) throw new AppError(ErrorCode.ListNotFound)
      return
    case "inbox":
      if (!(await findInbox(deps.db, userId, target.toLowerCase()))) throw new AppError(ErrorCode.InboxNotFound)
      return
    case "search":
      await ownSearch(deps, userId, target)
      return
    case "starred":
      return
  }
}

/** The document behind a token; NotFound once it is revoked (or never was). */
export async function renderFeedOutput(deps: Deps, token: string, format: FeedFormat, origin: string) {
  const output = await findFeedOutputByToken(deps.db, token)
  if (!output) throw new AppError(ErrorCode.NotFound)
  const { title, homePath, items } = await outputContent(deps, output)
  const doc: OutputDocument = {
    title,
    homeUrl: `${origin}${homePath}`,
    selfUrl: outputUrls(origin, token)[format],
    items,
  }
  return renderFeed(format, doc)
}

async function outputContent(
  deps: Deps,
  output: FeedOutputRow,
): Promise<{ title: string; homePath: string; items: EntryListItem[] }> {
  const { userId, target } = output
  const page = (input: Parameters<typeof listEntriesJson>[2]) =>
    listEntriesJson(deps, userId, { ...input, limit: FEED_OUTPUT_ITEMS, withContent: true }).then(
      (json) => JSON.parse(json) as EntryListItem[],
    )
  switch (output.kind as FeedOutputKind) {
    case "view":
      return {
        title: VIEW_NAMES[Number(target)] ?? "Tidings",
        homePath: `/timeline/view-${target}/all/pending`,
        items: await page({ view: Number(target) }),
      }
    case "category": {
      const feedIds = (await listFeedSubscriptions(deps.db, userId))
        .filter((r) => r.subscription.category === target)
        .map((r) => r.feed.id)
      // A category emptied since: an empty feed, never the whole timeline (no feed ids means "all").
      return { title: target, homePath: "/", items: feedIds.length ? await page({ feedIdList: feedIds }) : [] }
    }
    case "list": {
      const list = await findList(deps.db, target)
      return {
        title: list?.title ?? "List",
        homePath: `/share/lists/${target}`,
        items: list ? await page({ listId: target }) : [],
      }
    }
    case "starred":
      return {
        title: "Starred",
        homePath: "/timeline/view-0/collections/pending",
        items: await page({ isCollection: true }),
      }
    case "search": {
      // Deleted since: an empty feed.
      const search = await findSavedSearch(deps.db, userId, target)
      return {
        title: search?.title ?? "Search",
        homePath: `/timeline/view-0/search-${target}/pending`,
        items: search ? await page({ searchId: target }) : [],
      }
    }
    case "inbox": {
      const inbox = await findInbox(deps.db, userId, target)
      if (!inbox) return { title: target, homePath: "/", items: [] }
      const items = await listInboxEntries(deps, userId, { inboxId: target, limit: FEED_OUTPUT_ITEMS })
      return {
        title: inbox.title ?? target,
        homePath: `/timeline/view-0/inbox-${target}/pending`,
        items: items as never,
      }
    }
  }
}

/** A list's public feed: anyone may read a list (lists are public), so no token. */
export async function renderListFeed(deps: Deps, listId: string, format: FeedFormat, origin: string) {
  const list = await findList(deps.db, listId)
  if (!list) throw new AppError(ErrorCode.ListNotFound)
  const rows = await latestListEntries(deps.db, listId, FEED_OUTPUT_ITEMS)
  const items = rows.map(({ entry, feed }) =>
    toEntryListItem({ entry, feed, read: null, view: list.view, sources: null, starredAt: null }),
  )
  const file = { rss: "rss.xml", atom: "atom.xml", json: "feed.json" }[format]
  return renderFeed(format, {
    title: list.title,
    description: list.description ?? undefined,
    homeUrl: `${origin}/share/lists/${listId}`,
    selfUrl: `${origin}/out/lists/${listId}/${file}`,
    items,
  })
}

/** The OPML of a user's public subscriptions (what their profile shows anyone). */
export async function publicSubscriptionsOpml(deps: Deps, userId: string) {
  const user = await findProfileById(deps.db, userId)
  if (!user) throw new AppError(ErrorCode.UserNotFound)
  const rows = await listFeedSubscriptions(deps.db, userId, undefined, true)
  return buildOpml(
    `${user.name}'s subscriptions`,
    rows.map(({ subscription, feed }) => ({
      url: feed.url,
      title: subscription.title ?? feed.title,
      siteUrl: feed.siteUrl,
      category: subscription.category,
      view: subscription.view,
    })),
  )
}
