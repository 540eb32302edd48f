// The Fever API (https://feedafever.com/api, as Miniflux and FreshRSS serve it) at /fever/?api: one POST with the
// api_key (md5 of "email:app password") and the calls named in the query. Items page by id, 50 at a time.
import { createHash } from "node:crypto"
import type { Context } from "hono"
import { clientAddressOf } from "../client-address.ts"
import type { Deps } from "../deps.ts"
import { type SyncSession, sessionOfFeverKey } from "../services/app-passwords.ts"
import { ownedFeedIds } from "../storage/subscriptions.ts"
import {
  countTimeline,
  feedIdsWithCategory,
  feverItemKeys,
  itemsByIds,
  starMany,
  starredIdList,
  syncFeeds,
  unreadIdList,
  unstarMany,
} from "../storage/sync.ts"
import { markAllRead, setRead } from "../storage/timeline.ts"
import { guardedAttempt } from "./guard.ts"

const PAGE = 50
const ID = /^\d{1,20}$/

/**
 * A group's id: Fever's are integers and categories here are names, so a name's hash (48 bits, within a JSON
 * number's exact range) stands for it; the name is found again among the user's categories.
 */
export function groupIdOf(name: string): number {
  return Number.parseInt(createHash("sha256").update(name).digest("hex").slice(0, 12), 16)
}

/**
 * Ids here are 64-bit snowflakes and JSON numbers are read as doubles by many parsers: the answer is written with
 * them as number literals (as Fever's own ids are) directly in the text, never through a double.
 */
const RAW = "\u0000int:"
const raw = (id: string) => `${RAW}${id}`
function feverJson(c: Context, body: Record<string, unknown>) {
  const json = JSON.stringify(body).replace(/"\\u0000int:(\d+)"/g, "$1")
  return c.body(json, 200, { "content-type": "application/json; charset=utf-8" })
}

async function formOf(c: Context): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(c.req.url).search)
  if (c.req.method === "POST") {
    const text = await c.req.text()
    if (!text.includes("\u0000")) for (const [k, v] of new URLSearchParams(text)) params.set(k, v)
  }
  return params
}

/** The one Fever endpoint; app.ts serves it at /fever and /fever/. */
export function feverHandler(deps: Deps) {
  return async (c: Context) => {
    const params = await formOf(c)
    const base = { api_version: 3, auth: 0 }
    const key = params.get("api_key")?.trim().toLowerCase() ?? ""
    const address = clientAddressOf(c, deps.config.TRUST_PROXY) ?? "unknown"
    // Fever sends the key with every call: a success does not reset the address's count (that would cost a write
    // per call); failures age out of it in a day.
    const attempt = async () => (/^[0-9a-f]{32}$/.test(key) ? sessionOfFeverKey(deps, key) : undefined)
    const result = await guardedAttempt<SyncSession>(deps, `fever:${address}`, attempt, { clearOnSuccess: false })
    if (!("ok" in result)) return feverJson(c, base)
    const session = result.ok
    const answer: Record<string, unknown> = {
      api_version: 3,
      auth: 1,
      last_refreshed_on_time: Math.floor(deps.now().getTime() / 1000),
    }
    await mark(deps, session, params)
    const feedsNeeded = params.has("groups") || params.has("feeds")
    const feeds = feedsNeeded ? await syncFeeds(deps.db, session.userId) : []
    if (feedsNeeded) {
      const byGroup = new Map<string, string[]>()
      for (const f of feeds) if (f.category) byGroup.set(f.category, [...(byGroup.get(f.category) ?? []), f.feedId])
      answer.feeds_groups = [...byGroup].map(([name, ids]) => ({ group_id: groupIdOf(name), feed_ids: ids.join(",") }))
      if (params.has("groups"))
        answer.groups = [...byGroup.keys()].sort().map((name) => ({ id: groupIdOf(name), title: name }))
      if (params.has("feeds"))
        answer.feeds = feeds.map((f) => ({
          id: raw(f.feedId),
          favicon_id: 0,
          title: f.title ?? f.url,
          url: f.url,
          site_url: f.siteUrl ?? "",
          is_spark: 0,
          last_updated_on_time: Math.floor((f.checkedAt ?? f.createdAt).getTime() / 1000),
        }))
    }
    // No favicons are stored here, and Sparks' hot links are not a thing of this reader.
    if (params.has("favicons")) answer.favicons = []
    if (params.has("links")) answer.links = []
    if (params.has("unread_item_ids")) answer.unread_item_ids = await unreadIdList(deps.db, session.userId)
    if (params.has("saved_item_ids")) answer.saved_item_ids = await starredIdList(deps.db, session.userId)
    if (params.has("items")) {
      const withIds = params.get("with_ids")
      const ids = withIds
        ? withIds
            .split(",")
            .map((s) => s.trim())
            .filter((s) => ID.test(s))
            .slice(0, PAGE)
        : await feverItemKeys(
            deps.db,
            session.userId,
            { sinceId: idParam(params.get("since_id")), maxId: idParam(params.get("max_id")) },
            PAGE,
          )
      const byId = new Map((await itemsByIds(deps.db, session.userId, ids)).map((i) => [i.id, i]))
      answer.total_items = await countTimeline(deps.db, session.userId)
      answer.items = ids.flatMap((id) => {
        const item = byId.get(id)
        return item
          ? [
              {
                id: raw(item.id),
                feed_id: raw(item.feedId),
                title: item.title ?? "",
                author: item.author ?? "",
                html: item.content ?? "",
                url: item.url ?? "",
                is_saved: item.starred ? 1 : 0,
                is_read: item.read ? 1 : 0,
                created_on_time: Math.floor(item.publishedAt.getTime() / 1000),
              },
            ]
          : []
      })
    }
    return feverJson(c, answer)
  }
}

function idParam(value: string | null): string | undefined {
  return value && ID.test(value) && value !== "0" ? value : undefined
}

/** mark=item|feed|group, as=read|unread|saved|unsaved, id, before (unix seconds, for feeds and groups). */
async function mark(deps: Deps, session: SyncSession, params: URLSearchParams) {
  const what = params.get("mark")
  const as = params.get("as")
  const id = params.get("id") ?? ""
  if (!what || !as || !/^-?\d{1,20}$/.test(id)) return
  const userId = session.userId
  if (what === "item") {
    if (as === "read" || as === "unread") await setRead(deps.db, userId, [id], as === "read")
    else if (as === "saved") await starMany(deps.db, userId, [id], deps.now())
    else if (as === "unsaved") await unstarMany(deps.db, userId, [id])
    return
  }
  if (as !== "read") return
  const before = params.get("before")
  const publishedTo = before && /^\d{1,12}$/.test(before) ? new Date(Number(before) * 1000 - 1) : undefined
  if (what === "feed") {
    if ((await ownedFeedIds(deps.db, userId, [id])).length)
      await markAllRead(deps.db, { userId, feedIds: [id], publishedTo })
    return
  }
  if (what === "group") {
    // 0 is Fever's "Kindling" (everything) and -1 its "Sparks" (nothing here).
    if (id === "0") await markAllRead(deps.db, { userId, publishedTo })
    if (id === "0" || id === "-1") return
    const feeds = await syncFeeds(deps.db, userId)
    const name = feeds.find((f) => f.category && String(groupIdOf(f.category)) === id)?.category
    if (!name) return
    const feedIds = await feedIdsWithCategory(deps.db, userId, name)
    if (feedIds.length) await markAllRead(deps.db, { userId, feedIds, publishedTo })
  }
}
