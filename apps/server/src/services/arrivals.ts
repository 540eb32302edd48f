// Entries entering a user's timeline, by whatever path (ingest fan-out, subscribe-time copy, list subscription,
// a feed added to a followed list, OPML and data imports): the one place where the user's action rules run on them,
// and where read and star state imported from another server (pending marks) reaches them.
import { type ActionRule, type CompiledRule, evaluateRules, savedSearchesUsed } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import type { AiJob } from "../jobs/ai-work.ts"
import type { Delivery } from "../reader/webhook.ts"
import {
  applyRuleEffects,
  findCategoriesOf,
  findEntriesByIds,
  findRulesOf,
  findStarred,
  type RuleEffects,
} from "../storage/actions.ts"
import type { DB } from "../storage/db.ts"
import type { EntryRow } from "../storage/entries.ts"
import { type FeedRow, findFeedsByIds } from "../storage/feeds.ts"
import { deleteInboxEntry, findInboxArrival, setInboxEntriesRead } from "../storage/inboxes.ts"
import { applyPendingMarks } from "../storage/pending-marks.ts"
import { findSavedSearchesOf } from "../storage/saved-searches.ts"
import { freshSearchMatches } from "../storage/search.ts"
import type { ArrivedRow } from "../storage/timeline.ts"
import { compileRules, subjectOf } from "./action-rules.ts"
import type { PushNotice } from "./messaging.ts"
import { searchFilterOf } from "./search.ts"
import { toEntry } from "./wire.ts"

/**
 * "new": entries seen for the first time (ingest); "copy": existing entries copied into a timeline (subscribe,
 * lists, import). Webhooks announce new entries only: a subscribe would otherwise replay a feed's whole history
 * to the user's endpoints, which the user cannot tell from news.
 */
export type ArrivalKind = "new" | "copy"

/**
 * Runs each user's rules on the rows just inserted into their timeline and writes the effects (block, star,
 * silence) in the caller's transaction, set-based: a fixed number of statements however many rows. Answers the
 * webhook deliveries to send once the transaction has committed.
 */
export async function applyRulesToArrivals(
  deps: Deps,
  tx: DB,
  rows: ArrivedRow[],
  kind: ArrivalKind,
  /** Collects the summaries and translations the rules ask for on new entries, to queue after the commit. */
  aiWork?: AiJob[],
  /** Collects the notifications ("notify" rules) owed for new entries, to push after the commit. */
  notices?: PushNotice[],
): Promise<Delivery[]> {
  if (!rows.length) return []
  // The user's own state from another server first, so rules see and act on the entry as the user left it.
  await applyPendingMarks(tx, rows)
  const rules = await compiledRulesOf(tx, rows)
  const relevant = rows.filter((r) => rules.has(r.userId))
  if (!relevant.length) return []
  const context = await loadContext(tx, relevant)
  const searchMatches = await savedSearchMatches(tx, relevant, rules)
  const effects: RuleEffects = { block: [], silence: [], star: [] }
  const deliveries: Delivery[] = []
  for (const row of relevant) {
    const entry = context.entries.get(row.entryId)
    const feed = context.feeds.get(row.feedId)
    if (!entry || !feed) continue
    const key = `${row.userId} ${row.entryId}`
    const statuses = ["unread", ...(context.starred.has(key) ? ["collected"] : [])]
    const category = context.categories.get(`${row.userId} ${row.feedId}`) ?? null
    const subject = subjectOf(entry, feed, row.view, category, entry.content, statuses)
    subject.savedSearches = searchMatches.get(key)
    const result = evaluateRules(rules.get(row.userId) ?? [], subject)
    if (!result) continue
    const pair = { userId: row.userId, entryId: row.entryId }
    // A blocked entry never reaches the user's timeline, so starring or silencing it would mean nothing.
    if (result.block) effects.block.push(pair)
    else {
      if (result.star) effects.star.push({ ...pair, feedId: row.feedId, view: row.view })
      if (result.silence) effects.silence.push(pair)
    }
    if (kind !== "new") continue
    // A blocked entry is gone from the timeline: no summary or translation is made for it.
    if (aiWork && !result.block) {
      if (result.summary) aiWork.push({ kind: "summary", ...pair })
      if (result.translation) {
        const language = typeof result.translation === "string" ? result.translation : undefined
        aiWork.push({ kind: "translation", ...pair, ...(language ? { language } : {}) })
      }
    }
    if (notices && !result.block && result.newEntryNotification)
      notices.push(entryNotice(row.userId, entry, feed, row.view))
    if (!result.webhooks?.length) continue
    const payload = webhookPayload(entry, feed, row.view)
    for (const url of result.webhooks) deliveries.push({ userId: row.userId, url, payload })
  }
  await applyRuleEffects(tx, effects, deps.now())
  return deliveries
}

/**
 * For users whose rules name saved searches: which of those searches each of their arrived entries matches, by
 * "userId entryId". Two statements however many users and searches; a stored query that no longer parses matches
 * nothing.
 */
async function savedSearchMatches(tx: DB, rows: ArrivedRow[], rules: Map<string, CompiledRule[]>) {
  const named = [...rules].flatMap(([userId, own]) => [...savedSearchesUsed(own)].map((id) => ({ userId, id })))
  if (!named.length) return new Map<string, string[]>()
  const entryIds = new Map<string, string[]>()
  for (const row of rows) entryIds.set(row.userId, [...(entryIds.get(row.userId) ?? []), row.entryId])
  const searches = (await findSavedSearchesOf(tx, named)).flatMap((search) => {
    try {
      const filter = searchFilterOf(search.userId, search.query)
      return [{ id: search.id, filter, entryIds: entryIds.get(search.userId) ?? [] }]
    } catch {
      return []
    }
  })
  return freshSearchMatches(tx, searches)
}

/**
 * An entry just delivered into an inbox (webhook, e-mail) meets its owner's rules as a feed entry does: block
 * removes it, silence marks it read, webhooks are owed. Inbox entries cannot be starred (collections hold feed
 * entries), so a star result does nothing here. The inbox stands in for the feed in conditions.
 */
export async function applyRulesToInboxArrival(tx: DB, handle: string, entryId: string, notices?: PushNotice[]) {
  const arrival = await findInboxArrival(tx, handle, entryId)
  if (!arrival) return []
  const { entry, inbox } = arrival
  const rules = await compiledRulesOf(tx, [{ userId: inbox.userId }])
  const view = arrival.view ?? 0
  const feed = { title: inbox.title ?? inbox.handle, url: null, siteUrl: null }
  const subject = subjectOf(entry, feed, view, arrival.category ?? null, entry.content, ["unread"])
  const result = evaluateRules(rules.get(inbox.userId) ?? [], subject)
  if (!result) return []
  if (result.block) await deleteInboxEntry(tx, inbox.userId, entry.id)
  else if (result.silence) await setInboxEntriesRead(tx, inbox.userId, [entry.id], true)
  if (notices && !result.block && result.newEntryNotification)
    notices.push({
      userId: inbox.userId,
      kind: "inbox",
      title: feed.title,
      body: entry.title ?? entry.description ?? "",
      url: `/timeline/view-${view}/inbox-${encodeURIComponent(inbox.handle)}/${encodeURIComponent(entry.id)}`,
      tag: `entry-${entry.id}`,
    })
  // The same entry shape as a feed entry's; an inbox entry has no update or readability times.
  const wire = toEntry({ ...entry, updatedAt: null, readabilityUpdatedAt: null })
  const payload = { entry: wire, feed: { ...feed, id: inbox.handle, image: null }, view }
  return (result.webhooks ?? []).map((url) => ({ userId: inbox.userId, url, payload }))
}

/** Sends deliveries owed by a committed transaction, beside the caller rather than holding it. */
export function sendDeliveries(deps: Deps, deliveries: Delivery[]): void {
  if (!deliveries.length) return
  const options = { allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK, siteUrl: deps.config.BASE_URL }
  deps.webhooks.send(deliveries, options, deps.log)
}

async function compiledRulesOf(tx: DB, rows: { userId: string }[]): Promise<Map<string, CompiledRule[]>> {
  const stored = await findRulesOf(tx, [...new Set(rows.map((r) => r.userId))])
  const compiled = new Map<string, CompiledRule[]>()
  for (const [userId, rules] of stored) {
    const list = compileRules(rules as ActionRule[])
    if (list.length) compiled.set(userId, list)
  }
  return compiled
}

interface ArrivalContext {
  entries: Map<string, EntryRow>
  feeds: Map<string, FeedRow>
  categories: Map<string, string | null>
  starred: Set<string>
}

async function loadContext(tx: DB, rows: ArrivedRow[]): Promise<ArrivalContext> {
  // One after another: a transaction is one connection.
  const entries = await findEntriesByIds(tx, [...new Set(rows.map((r) => r.entryId))])
  const feeds = await findFeedsByIds(tx, [...new Set(rows.map((r) => r.feedId))])
  const categories = await findCategoriesOf(tx, rows)
  const starred = await findStarred(tx, rows)
  return {
    entries: new Map(entries.map((e) => [e.id, e])),
    feeds: new Map(feeds.map((f) => [f.id, f])),
    categories,
    starred,
  }
}

function webhookPayload(entry: EntryRow, feed: FeedRow, view: number) {
  return {
    entry: toEntry(entry),
    feed: { id: feed.id, title: feed.title, url: feed.url, siteUrl: feed.siteUrl, image: feed.image },
    view,
  }
}

/** A "notify" rule's notification: the feed as the title, the entry's title as the text; a click opens the entry. */
function entryNotice(userId: string, entry: EntryRow, feed: FeedRow, view: number): PushNotice {
  const feedId = encodeURIComponent(feed.id)
  return {
    userId,
    kind: "entry",
    title: feed.title ?? feed.siteUrl ?? "Tidings",
    body: entry.title ?? entry.description ?? "",
    url: `/timeline/view-${view}/${feedId}/${encodeURIComponent(entry.id)}`,
    tag: `entry-${entry.id}`,
  }
}
