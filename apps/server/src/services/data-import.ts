// The data import (POST /data/g with a version-2 export): what the export holds comes back for the caller, in one
// transaction, so a bad document changes nothing. Feeds are re-created by URL and fetched later by the queue; read
// and star state for entries not here yet waits as pending marks, which services/arrivals.ts applies as they come.
// Only the caller's rows are written: shared rows (feeds' content, entries) never come from a user's document.
import { z } from "zod"
import { isLimitedRole } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { id, instant, parse, view } from "../http.ts"
import { newId } from "../ids.ts"
import type { FeedQueue } from "../jobs/queue.ts"
import { saveActions } from "../storage/actions.ts"
import { updateInboxSubscription } from "../storage/data.ts"
import { type DB, lockUser, withTransaction } from "../storage/db.ts"
import { ensureFeeds, refreshSubscriptionCounts } from "../storage/feeds.ts"
import { countInboxes, insertInboxEntries } from "../storage/inboxes.ts"
import { addListFeeds, backfillListEntries, countListsOwnedBy, findList, insertList } from "../storage/lists.ts"
import { applyStarsToExistingEntries, insertPendingMarks, type PendingMark } from "../storage/pending-marks.ts"
import { mergeSettings } from "../storage/settings.ts"
import { countSubscriptions, insertFeedSubscriptions, upsertSubscription } from "../storage/subscriptions.ts"
import { backfillMany } from "../storage/timeline.ts"
import { validActionRules } from "./actions.ts"
import { applyRulesToArrivals } from "./arrivals.ts"
import { normalizeFeedUrl } from "./feeds.ts"
import { adoptInbox, inboxEntryRow, inboxHandle, MAX_INBOXES_PER_USER } from "./inboxes.ts"
import type { SessionInfo } from "./session.ts"
import { SETTINGS_TAB_MAX_BYTES, SETTINGS_TABS } from "./settings.ts"

const MANY = 100_000
const text = (max = 1000) => z.string().max(max).nullish()
const feedUrl = z
  .string()
  .min(1)
  .max(2048)
  .transform((url) => normalizeFeedUrl(url))
const when = instant.nullish()
const subscriptionFields = {
  title: text(),
  view,
  category: text(),
  isPrivate: z.boolean().default(false),
  hideFromTimeline: z.boolean().default(false),
  createdAt: when,
}

const documentSchema = z.object({
  version: z.literal(2),
  subscriptions: z
    .array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("feed"), url: feedUrl, ...subscriptionFields }),
        z.object({ type: z.literal("list"), listId: id, ...subscriptionFields }),
        z.object({ type: z.literal("inbox"), inboxId: id, ...subscriptionFields }),
      ]),
    )
    .max(MANY)
    .default([]),
  lists: z
    .array(
      z.object({
        id,
        title: z.string().trim().min(1).max(200),
        description: text(2000),
        image: z.url().max(2048).nullish(),
        view,
        fee: z.number().int().min(0).max(1_000_000).default(0),
        createdAt: when,
        feeds: z
          .array(z.object({ url: feedUrl }))
          .max(MANY)
          .default([]),
      }),
    )
    .default([]),
  inboxes: z
    .array(z.object({ handle: inboxHandle, title: text(), createdAt: when }))
    .max(100)
    .default([]),
  settings: z
    .partialRecord(z.enum(SETTINGS_TABS as [string, ...string[]]), z.record(z.string(), z.unknown()))
    .default({}),
  actions: z.object({ rules: z.array(z.unknown()) }).nullish(),
  collections: z
    .array(z.object({ feedUrl, guid: z.string().min(1).max(2048), view, createdAt: instant }))
    .max(MANY)
    .default([]),
  reads: z
    .array(z.object({ feedUrl, guid: z.string().min(1).max(2048) }))
    .max(MANY * 10)
    .default([]),
  inboxEntries: z
    .array(
      z.object({
        inboxHandle: z.string().trim().toLowerCase().min(1).max(64),
        guid: z.string().min(1).max(2048),
        title: text(),
        url: text(2048),
        content: text(1_000_000),
        description: text(10_000),
        summary: text(10_000),
        author: text(),
        authorUrl: text(2048),
        authorAvatar: text(2048),
        language: text(32),
        categories: z.array(z.string().max(200)).max(100).nullish(),
        media: z.array(z.record(z.string(), z.unknown())).max(100).nullish(),
        attachments: z.array(z.record(z.string(), z.unknown())).max(100).nullish(),
        extra: z.record(z.string(), z.unknown()).nullish(),
        publishedAt: instant,
        insertedAt: when,
        read: z.boolean().default(false),
      }),
    )
    .max(MANY)
    .default([]),
})

type ImportDocument = z.infer<typeof documentSchema>

export interface ImportResult {
  feeds: number
  lists: number
  inboxes: number
  pendingMarks: number
}

/** Imports a version-2 export for the caller; answers what was added. Feeds never fetched are queued after. */
export async function importUserData(deps: Deps, session: SessionInfo, queue: FeedQueue, body: unknown) {
  const doc = parse(documentSchema, body)
  const rules = doc.actions ? validActionRules(deps, doc.actions.rules) : undefined
  checkSettings(doc)
  const { result, unfetched } = await withTransaction(deps.db, async (tx) => {
    await lockUser(tx, session.userId)
    const context: ImportContext = { deps, tx, session, doc }
    // Rules first, so the entries copied in below meet them as they would have on the old server.
    if (rules) await saveActions(tx, session.userId, rules, deps.now())
    await importSettings(context)
    const marks = await importMarks(context)
    const feeds = await importFeedSubscriptions(context)
    const lists = await importLists(context)
    await importListSubscriptions(context, lists.ids)
    const inboxes = await importInboxes(context)
    await applyStarsToExistingEntries(tx, session.userId)
    return {
      result: { feeds: feeds.added.length, lists: lists.ids.size, inboxes, pendingMarks: marks } as ImportResult,
      unfetched: [...feeds.unfetched, ...lists.unfetched],
    }
  })
  await queue.add([...new Set(unfetched)])
  return result
}

interface ImportContext {
  deps: Deps
  tx: DB
  session: SessionInfo
  doc: ImportDocument
}

function checkSettings(doc: ImportDocument) {
  for (const [tab, payload] of Object.entries(doc.settings)) {
    if (Buffer.byteLength(JSON.stringify(payload)) > SETTINGS_TAB_MAX_BYTES)
      throw new AppError(ErrorCode.SettingPayloadTooLarge, { reason: `The ${tab} settings are too large` })
  }
}

async function importSettings({ deps, tx, session, doc }: ImportContext) {
  for (const [tab, set] of Object.entries(doc.settings)) {
    if (!set) continue
    const at = deps.now()
    const merge = { userId: session.userId, tab: tab as (typeof SETTINGS_TABS)[number], set, remove: [], at }
    if (!(await mergeSettings(tx, { ...merge, maxBytes: SETTINGS_TAB_MAX_BYTES })))
      throw new AppError(ErrorCode.SettingPayloadTooLarge, { reason: `The ${tab} settings are too large` })
  }
}

/** Read and starred entries as pending marks; those whose entry is here already are applied as it is copied in. */
async function importMarks({ deps, tx, session, doc }: ImportContext): Promise<number> {
  const marks: PendingMark[] = [
    ...doc.reads.map((r) => ({ feedUrl: r.feedUrl, guid: r.guid, read: true, starredAt: null, starView: null })),
    ...doc.collections.map((c) => ({
      feedUrl: c.feedUrl,
      guid: c.guid,
      read: false,
      starredAt: c.createdAt,
      starView: c.view,
    })),
  ]
  for (let i = 0; i < marks.length; i += 5000)
    await insertPendingMarks(tx, session.userId, marks.slice(i, i + 5000), deps.now())
  return marks.length
}

async function importFeedSubscriptions({ deps, tx, session, doc }: ImportContext) {
  const wanted = doc.subscriptions.filter((s) => s.type === "feed")
  const byUrl = await ensureFeeds(tx, [...new Set(wanted.map((s) => s.url))], deps.now())
  const rows = wanted.map((s) => ({
    id: newId(),
    userId: session.userId,
    type: "feed" as const,
    feedId: byUrl.get(s.url)!.id,
    view: s.view,
    category: s.category?.trim() || null,
    title: s.title?.trim() || null,
    isPrivate: s.isPrivate,
    hideFromTimeline: s.hideFromTimeline,
    ...(s.createdAt ? { createdAt: s.createdAt } : {}),
  }))
  const added = await insertFeedSubscriptions(tx, rows)
  const limit = session.feedSubscriptionLimit
  if (limit !== null && added.length && (await countSubscriptions(tx, session.userId, "feed")) > limit)
    throw new AppError(ErrorCode.TrialUserMaxFeedSubscriptionExceeded)
  await applyRulesToArrivals(deps, tx, await backfillMany(tx, session.userId, added), "copy")
  await refreshSubscriptionCounts(tx, added)
  return { added, unfetched: [...byUrl.values()].filter((f) => !f.checkedAt).map((f) => f.id) }
}

/** The user's own lists, re-created with new ids; answers old id → new id. */
async function importLists({ deps, tx, session, doc }: ImportContext) {
  const ids = new Map<string, string>()
  const unfetched: string[] = []
  if (doc.lists.length && (await countListsOwnedBy(tx, session.userId)) + doc.lists.length > deps.config.MAX_LISTS)
    throw new AppError(ErrorCode.ListLimitExceeded)
  for (const list of doc.lists) {
    const { id: oldId, feeds: listed, createdAt, ...fields } = list
    const row = await insertList(tx, {
      ...fields,
      id: newId(),
      ownerUserId: session.userId,
      description: fields.description ?? null,
      image: fields.image ?? null,
      ...(createdAt ? { createdAt, updatedAt: createdAt } : {}),
    })
    const byUrl = await ensureFeeds(tx, [...new Set(listed.map((f) => f.url))], deps.now())
    if (byUrl.size)
      await addListFeeds(
        tx,
        row.id,
        [...byUrl.values()].map((f) => f.id),
      )
    unfetched.push(...[...byUrl.values()].filter((f) => !f.checkedAt).map((f) => f.id))
    ids.set(oldId, row.id)
  }
  return { ids, unfetched }
}

/** Subscriptions to the user's own lists follow them to their new ids; others' lists only when they exist here. */
async function importListSubscriptions({ deps, tx, session, doc }: ImportContext, ids: Map<string, string>) {
  for (const s of doc.subscriptions) {
    if (s.type !== "list") continue
    const listId = ids.get(s.listId) ?? ((await findList(tx, s.listId)) ? s.listId : undefined)
    if (!listId) continue
    await upsertSubscription(tx, {
      id: newId(),
      userId: session.userId,
      type: "list",
      listId,
      view: s.view,
      category: s.category?.trim() || null,
      title: s.title?.trim() || null,
      isPrivate: s.isPrivate,
      ...(s.createdAt ? { createdAt: s.createdAt } : {}),
    })
    const arrived = await backfillListEntries(tx, listId, undefined, session.userId)
    await applyRulesToArrivals(deps, tx, arrived, "copy")
  }
}

/** Inboxes keep their handles (with new secrets) and their entries, stored as any pushed entry is (sanitised). */
async function importInboxes({ deps, tx, session, doc }: ImportContext): Promise<number> {
  let added = 0
  for (const inbox of doc.inboxes) {
    if (await adoptInbox(tx, session.userId, { ...inbox, title: inbox.title ?? null })) added++
    const sub = doc.subscriptions.find((s) => s.type === "inbox" && s.inboxId === inbox.handle)
    if (sub) await updateInboxSubscription(tx, session.userId, inbox.handle, subscriptionChanges(sub))
  }
  const owned = await countInboxes(tx, session.userId)
  if (isLimitedRole(session.role) && added && owned > deps.config.TRIAL_MAX_INBOXES)
    throw new AppError(ErrorCode.TrialUserMaxInboxSubscriptionExceeded)
  if (owned > MAX_INBOXES_PER_USER) throw new AppError(ErrorCode.InboxLimitExceeded)
  const handles = new Set(doc.inboxes.map((i) => i.handle))
  const stray = doc.inboxEntries.find((e) => !handles.has(e.inboxHandle))
  if (stray) throw new AppError(ErrorCode.InboxNotFound, { reason: `No inbox ${stray.inboxHandle} in the document` })
  const rows = doc.inboxEntries.map(({ inboxHandle, insertedAt, ...e }) => ({
    ...inboxEntryRow(inboxHandle, e as Parameters<typeof inboxEntryRow>[1], insertedAt ?? deps.now()),
    id: newId(),
  }))
  for (let i = 0; i < rows.length; i += 500) await insertInboxEntries(tx, rows.slice(i, i + 500))
  return added
}

function subscriptionChanges(s: ImportDocument["subscriptions"][number]) {
  return {
    view: s.view,
    category: s.category?.trim() || null,
    title: s.title?.trim() || null,
    isPrivate: s.isPrivate,
    hideFromTimeline: s.hideFromTimeline,
    ...(s.createdAt ? { createdAt: s.createdAt } : {}),
  }
}
