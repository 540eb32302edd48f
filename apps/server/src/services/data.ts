// The data export (GET /data/g): one JSON document of everything the caller owns, for backup or moving elsewhere.
// Credentials stay out: inbox secrets and credential-like settings keys. An export file gets mailed, synced and
// shared far more freely than a session; both kinds can be set again after an import.
import type { Deps } from "../deps.ts"
import {
  exportAccount,
  exportActions,
  exportCollections,
  exportInboxes,
  exportListFeeds,
  exportOwnedLists,
  exportSubscriptions,
} from "../storage/data.ts"
import { listSettings } from "../storage/settings.ts"

export const DATA_EXPORT_VERSION = 1
const CREDENTIAL_KEY = /token|password|secret|api_?key|authorization|cookie/i

const iso = (d: Date | null) => d?.toISOString() ?? null

export async function exportUserData(deps: Deps, userId: string) {
  const db = deps.db
  const [account, subscriptions, lists, inboxes, collections, settingRows, actions] = await Promise.all([
    exportAccount(db, userId),
    exportSubscriptions(db, userId),
    exportOwnedLists(db, userId),
    exportInboxes(db, userId),
    exportCollections(db, userId),
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
    collections: collections.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
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
