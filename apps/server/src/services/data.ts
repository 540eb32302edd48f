// The data export (GET /data/g): one JSON document of everything the caller owns, for backup or moving elsewhere
// (services/data-import.ts reads it back). Entries are named by feed URL + guid, which mean the same on any server.
// Credentials stay out: inbox secrets and credential-like settings keys. An export file gets mailed, synced and
// shared far more freely than a session; both kinds can be set again after an import.
import type { Deps } from "../deps.ts"
import {
  EXPORT_PAGE,
  exportAccount,
  exportActions,
  exportCollectionsPage,
  exportInboxEntriesPage,
  exportInboxes,
  exportListFeeds,
  exportOwnedLists,
  exportReadsPage,
  exportSubscriptions,
} from "../storage/data.ts"
import { listSettings } from "../storage/settings.ts"

export const DATA_EXPORT_VERSION = 2
const CREDENTIAL_KEY = /token|password|secret|api_?key|authorization|cookie/i

const iso = (d: Date | null) => d?.toISOString() ?? null

/**
 * The export as a stream of JSON text in the `{code: 0, data}` envelope: the small sections (bounded by the
 * product's limits) first, then starred entries, read state and inbox entries a page at a time, so a large
 * account is never held in memory whole. Pages are separate reads: a star added mid-export may or may not appear.
 */
export function exportUserDataStream(deps: Deps, userId: string): ReadableStream<Uint8Array> {
  const chunks = exportChunks(deps, userId)
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        // The status line has gone out already: the client sees a cut-off document, which does not parse.
        deps.log.error("data export failed", { userId, error: error instanceof Error ? error.name : "unknown" })
        controller.error(error)
      }
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

async function* exportChunks(deps: Deps, userId: string): AsyncGenerator<string> {
  const head = JSON.stringify(await exportSmallSections(deps, userId))
  yield `{"code":0,"data":${head.slice(0, -1)}`
  yield* section(
    "collections",
    pages(
      (after?: { createdAt: Date; entryId: string }) => exportCollectionsPage(deps.db, userId, after),
      (row) => ({ createdAt: row.createdAt, entryId: row.entryId }),
    ),
    (c) => ({ ...c, createdAt: iso(c.createdAt) }),
  )
  yield* section(
    "reads",
    pages(
      (after?: string) => exportReadsPage(deps.db, userId, after),
      (row) => row.entryId,
    ),
    ({ feedUrl, guid }) => ({ feedUrl, guid }),
  )
  yield* section(
    "inboxEntries",
    pages(
      (after?: string) => exportInboxEntriesPage(deps.db, userId, after),
      (row) => row.entry.id,
    ),
    ({ entry: { id: _id, ...e } }) => ({ ...e, publishedAt: iso(e.publishedAt), insertedAt: iso(e.insertedAt) }),
  )
  yield "}}"
}

/** `,"name":[…]` written one page at a time. */
async function* section<T>(name: string, rows: AsyncGenerator<T[]>, shape: (row: T) => unknown) {
  yield `,${JSON.stringify(name)}:[`
  let first = true
  for await (const page of rows) {
    const text = page.map((row) => JSON.stringify(shape(row))).join(",")
    yield first ? text : `,${text}`
    first = false
  }
  yield "]"
}

/** Keyset pages until a short one. */
async function* pages<T, C>(read: (after?: C) => Promise<T[]>, cursor: (row: T) => C): AsyncGenerator<T[]> {
  let after: C | undefined
  for (;;) {
    const page = await read(after)
    if (page.length) yield page
    if (page.length < EXPORT_PAGE) return
    after = cursor(page.at(-1)!)
  }
}

async function exportSmallSections(deps: Deps, userId: string) {
  const db = deps.db
  const [account, subscriptions, lists, inboxes, settingRows, actions] = await Promise.all([
    exportAccount(db, userId),
    exportSubscriptions(db, userId),
    exportOwnedLists(db, userId),
    exportInboxes(db, userId),
    listSettings(db, userId),
    exportActions(db, userId),
  ])
  const listFeeds = await exportListFeeds(
    db,
    lists.map((l) => l.id),
  )
  return {
    version: DATA_EXPORT_VERSION,
    exportedAt: deps.now().toISOString(),
    profile: account ? { ...account, roleEndAt: iso(account.roleEndAt), createdAt: iso(account.createdAt) } : null,
    subscriptions: subscriptions.map(toExportedSubscription),
    lists: lists.map((l) => ({
      id: l.id,
      title: l.title,
      description: l.description,
      image: l.image,
      view: l.view,
      fee: l.fee,
      createdAt: iso(l.createdAt),
      feeds: listFeeds.filter((f) => f.listId === l.id).map(({ listId: _, ...feed }) => feed),
    })),
    inboxes: inboxes.map((i) => ({ ...i, createdAt: iso(i.createdAt) })),
    settings: Object.fromEntries(settingRows.map((row) => [row.tab, withoutCredentials(row.payload)])),
    actions: actions ? { rules: withoutCredentials(actions.rules), updatedAt: iso(actions.updatedAt) } : null,
  }
}

function toExportedSubscription({
  subscription: s,
  ...target
}: Awaited<ReturnType<typeof exportSubscriptions>>[number]) {
  return {
    type: s.type,
    ...(s.feedId ? { feedId: s.feedId, url: target.feedUrl, feedTitle: target.feedTitle } : {}),
    ...(s.listId ? { listId: s.listId, listTitle: target.listTitle } : {}),
    ...(s.inboxId ? { inboxId: s.inboxId, inboxTitle: target.inboxTitle } : {}),
    title: s.title,
    view: s.view,
    category: s.category,
    isPrivate: s.isPrivate,
    hideFromTimeline: s.hideFromTimeline,
    createdAt: iso(s.createdAt),
  }
}

/**
 * A copy without keys that name a credential, at any depth (integration tokens, passwords, MCP headers), and with
 * URLs stripped of their query and user info (webhook URLs often carry a token there).
 */
function withoutCredentials(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCredentials)
  if (typeof value === "string" && /^https?:\/\//i.test(value)) return withoutUrlSecrets(value)
  if (!value || typeof value !== "object") return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !CREDENTIAL_KEY.test(key))
      .map(([key, v]) => [key, withoutCredentials(v)]),
  )
}

function withoutUrlSecrets(text: string): string {
  try {
    const url = new URL(text)
    if (!url.search && !url.username && !url.password) return text
    url.search = ""
    url.username = ""
    url.password = ""
    return url.href
  } catch {
    return text
  }
}
