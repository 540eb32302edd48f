// The Google Reader API as FreshRSS and Miniflux serve it (mounted at /api/greader.php and at the root, so both
// /api/greader.php/reader/api/0/... and /reader/api/0/... answer), over the same services as the web client:
// subscriptions, categories as labels, the timeline's read state and stars. Authenticated by app passwords.
import { createHash } from "node:crypto"
import { type Context, Hono, type Next } from "hono"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { type SyncSession, sessionOfGreaderToken, signInWithAppPassword } from "../services/app-passwords.ts"
import { deleteCategory, renameCategory } from "../services/categories.ts"
import { exportSubscriptions } from "../services/opml.ts"
import { subscribe, unsubscribe, updateSubscription } from "../services/subscriptions.ts"
import {
  feedIdsByUrlOrId,
  feedIdsWithCategory,
  itemsByIds,
  ownTimelineIds,
  type StreamFilter,
  type SyncItem,
  starMany,
  streamKeys,
  syncFeeds,
  unreadPerFeed,
  unstarMany,
  userProfile,
} from "../storage/sync.ts"
import { markAllRead, setRead } from "../storage/timeline.ts"
import { guardedAttempt } from "./guard.ts"

type Env = { Variables: { sync: SyncSession; authToken: string } }

const STATE = "user/-/state/com.google/"
const LABEL = "user/-/label/"
const READING_LIST = `${STATE}reading-list`
const LONG_ID = "tag:google.com,2005:reader/item/"
/** Most ids one stream/items/ids call answers (Reeder asks for 1000 at a time; FreshRSS allows more). */
const MAX_IDS = 10_000
/** Most items one contents call answers: each carries its whole content. */
const MAX_CONTENTS = 1000
/** NetNewsWire asks for the contents of every unread id it was given (up to 10,000) in one call. */
const MAX_CONTENTS_BY_ID = 10_000
const MAX_EDIT = 10_000

type Stream =
  | { kind: "reading-list" | "starred" | "read" | "kept-unread" }
  | { kind: "label"; name: string }
  | { kind: "feed"; key: string }

function bad(reason: string): AppError {
  return new AppError(ErrorCode.InvalidInput, { reason })
}

/** A stream id, with or without the user's number in place of "-" (user/1005/state/... as some clients send). */
export function parseStream(id: string): Stream {
  if (id.startsWith("feed/")) return { kind: "feed", key: id.slice(5) }
  const user = /^user\/[^/]+\/(state\/com\.google|label)\/(.+)$/.exec(id)
  if (user?.[1] === "label") return { kind: "label", name: user[2]! }
  const state = user?.[2]
  if (state === "reading-list" || state === "starred" || state === "read" || state === "kept-unread")
    return { kind: state }
  throw bad(`Unknown stream: ${id.slice(0, 200)}`)
}

const MAX_ITEM = (1n << 64n) - 1n

/**
 * An item id in any form clients send: the long `tag:google.com,2005:reader/item/<hex>`, the short signed decimal
 * (negative ones are the same 64 bits read unsigned), or bare hex, padded or not (NetNewsWire sends both). Digits
 * alone could be either; our ids (snowflakes) have 17 or more decimal digits and at most 16 hex ones, so the length
 * tells them apart.
 */
export function parseItemId(value: string): string {
  const text = value.trim()
  let n: bigint
  if (text.startsWith(LONG_ID) && /^[0-9a-f]{1,16}$/i.test(text.slice(LONG_ID.length)))
    n = BigInt(`0x${text.slice(LONG_ID.length)}`)
  else if (/^-\d{1,20}$/.test(text) || /^[1-9]\d{16,19}$/.test(text)) n = BigInt(text)
  else if (/^[0-9a-f]{1,16}$/i.test(text)) n = BigInt(`0x${text}`)
  else throw bad(`Not an item id: ${text.slice(0, 100)}`)
  if (n < 0n) n += 1n << 64n
  if (n < 0n || n > MAX_ITEM) throw bad("Item id out of range")
  return n.toString()
}

export function longItemId(entryId: string): string {
  return `${LONG_ID}${BigInt(entryId).toString(16).padStart(16, "0")}`
}

/** The query string and, for a form POST, its body: repeated keys kept (`i` and `s` come many times). */
async function paramsOf(c: Context): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(c.req.url).search)
  if (c.req.method === "POST") {
    const text = await c.req.text()
    if (text.includes("\u0000")) throw bad("Text may not contain NUL characters")
    for (const [k, v] of new URLSearchParams(text)) params.append(k, v)
  }
  return params
}

function intParam(params: URLSearchParams, name: string, min: number, max: number, fallback?: number) {
  const value = params.get(name)
  if (value === null || value === "") return fallback
  if (!/^-?\d+$/.test(value) || Number(value) < min || Number(value) > max) throw bad(`${name} must be ${min}–${max}`)
  return Number(value)
}

/** Unix seconds; NetNewsWire sends a fraction (Swift's timeIntervalSince1970 printed as it is). */
function secondsParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name)
  if (!value) return undefined
  if (!/^\d{1,12}(\.\d+)?$/.test(value)) throw bad(`${name} must be a time in seconds`)
  return Math.floor(Number(value))
}

const text = (c: Context, body: string, status = 200) =>
  c.body(body, status as 200, { "content-type": "text/plain; charset=utf-8" })

/** A continuation names the last item of the page: its publish time (µs) and id. */
function continuationOf(usec: string, entryId: string): string {
  return Buffer.from(`${usec}:${entryId}`).toString("base64url")
}

function parseContinuation(value: string | null): StreamFilter["after"] {
  if (!value) return undefined
  const match = /^(-?\d{1,20}):(\d{1,20})$/.exec(Buffer.from(value, "base64url").toString())
  if (!match) throw bad("Not a continuation of this server")
  return { usec: match[1]!, entryId: match[2]! }
}

function feedStreamId(url: string): string {
  return `feed/${url}`
}

export function greaderRoutes(deps: Deps) {
  const auth = async (c: Context<Env>, next: Next) => {
    const header = c.req.header("authorization") ?? ""
    const token = /^GoogleLogin\s+auth=(\S+)$/i.exec(header)?.[1]
    const session = token ? await sessionOfGreaderToken(deps, token) : undefined
    if (!session || !token) throw new AppError(ErrorCode.AuthError)
    c.set("sync", session)
    c.set("authToken", token)
    await next()
  }

  /** The feeds a stream covers (undefined: all of them). */
  async function feedsOf(userId: string, stream: Stream): Promise<string[] | undefined> {
    if (stream.kind === "label") return feedIdsWithCategory(deps.db, userId, stream.name)
    if (stream.kind !== "feed") return undefined
    const id = (await feedIdsByUrlOrId(deps.db, userId, [stream.key])).get(stream.key)
    return id ? [id] : []
  }

  async function filterOf(userId: string, params: URLSearchParams, streamId: string): Promise<StreamFilter> {
    const stream = parseStream(streamId)
    const f: StreamFilter = { userId, feedIds: await feedsOf(userId, stream) }
    if (stream.kind === "starred") f.starred = true
    if (stream.kind === "read") f.unread = false
    if (stream.kind === "kept-unread") f.unread = true
    for (const it of params.getAll("it")) {
      const s = parseStream(it)
      if (s.kind === "read") f.unread = false
      else if (s.kind === "starred") f.starred = true
      else if (s.kind === "kept-unread") f.unread = true
    }
    for (const xt of params.getAll("xt")) {
      const s = parseStream(xt)
      if (s.kind === "read") {
        // Read ones only, yet none read: nothing.
        if (f.unread === false) f.feedIds = []
        f.unread = true
      } else if (s.kind === "starred") f.notStarred = true
    }
    const ot = secondsParam(params, "ot")
    const nt = secondsParam(params, "nt")
    if (ot) f.from = new Date(ot * 1000)
    if (nt) f.to = new Date(nt * 1000)
    f.oldestFirst = params.get("r") === "o"
    f.after = parseContinuation(params.get("c"))
    return f
  }

  function itemJson(item: SyncItem) {
    const categories = [READING_LIST]
    if (item.category) categories.push(`${LABEL}${item.category}`)
    if (item.read) categories.push(`${STATE}read`)
    if (item.starred) categories.push(`${STATE}starred`)
    const html = item.content ?? ""
    return {
      id: longItemId(item.id),
      crawlTimeMsec: String(item.insertedAt.getTime()),
      timestampUsec: item.publishedUsec,
      published: Math.floor(item.publishedAt.getTime() / 1000),
      updated: Math.floor((item.updatedAt ?? item.publishedAt).getTime() / 1000),
      title: item.title ?? "",
      author: item.author ?? "",
      canonical: item.url ? [{ href: item.url }] : [],
      alternate: item.url ? [{ href: item.url, type: "text/html" }] : [],
      categories,
      origin: { streamId: feedStreamId(item.feedUrl), title: item.feedTitle ?? "", htmlUrl: item.siteUrl ?? "" },
      summary: { direction: "ltr", content: html },
      content: { direction: "ltr", content: html },
      enclosure: (item.attachments ?? [])
        .filter((a) => a?.url)
        .map((a) => ({
          href: a.url,
          ...(a.mime_type ? { type: a.mime_type } : {}),
          ...(a.size_in_bytes ? { length: String(a.size_in_bytes) } : {}),
        })),
    }
  }

  async function streamContents(c: Context<Env>, streamId: string) {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const n = intParam(params, "n", 1, MAX_CONTENTS, 20)!
    const f = await filterOf(userId, params, streamId)
    const keys = await streamKeys(deps.db, f, n)
    const items = await itemsByIds(
      deps.db,
      userId,
      keys.map((k) => k.entryId),
      f.oldestFirst,
    )
    const last = keys.at(-1)
    const now = deps.now()
    return c.json({
      direction: "ltr",
      id: streamId,
      title: streamId,
      self: [{ href: new URL(c.req.url).toString() }],
      updated: Math.floor(now.getTime() / 1000),
      updatedUsec: String(now.getTime() * 1000),
      items: items.map(itemJson),
      ...(last && keys.length === n ? { continuation: continuationOf(last.usec, last.entryId) } : {}),
    })
  }

  const app = new Hono<Env>()
  const login = async (c: Context<Env>) => {
    const params = await paramsOf(c)
    const email = params.get("Email") ?? ""
    const password = params.get("Passwd") ?? ""
    if (!email || !password) throw new AppError(ErrorCode.AuthError)
    const result = await guardedAttempt(deps, `account:${email.trim().toLowerCase()}`, () =>
      signInWithAppPassword(deps, email, password),
    )
    if ("retryAfter" in result) {
      const error = new AppError(ErrorCode.Lock, { reason: `Too many attempts; try again in ${result.retryAfter} s` })
      return c.json(error.toBody(), 429, { "retry-after": String(result.retryAfter) })
    }
    if ("failed" in result) throw new AppError(ErrorCode.AuthError)
    const token = result.ok.token
    if (params.get("output") === "json") return c.json({ SID: token, LSID: null, Auth: token })
    return text(c, `SID=${token}\nLSID=null\nAuth=${token}\n`)
  }
  app.on(["GET", "POST"], "/accounts/ClientLogin", login)

  const api = new Hono<Env>()
  api.use("*", auth)
  // The edit token (T) a client sends with its POSTs. It guards cookie sessions against cross-site forms; these calls
  // authenticate by a header no cross-site form can send, so it is answered but not required.
  api.get("/token", (c) => text(c, `${createHash("sha256").update(c.get("authToken")).digest("hex").slice(0, 57)}\n`))
  api.get("/user-info", async (c) => {
    const session = c.get("sync")
    const user = await userProfile(deps.db, session.userId)
    if (!user) throw new AppError(ErrorCode.AuthError)
    return c.json({
      userId: session.userId,
      userName: user.name,
      userProfileId: session.userId,
      userEmail: user.email,
      isBloggerUser: false,
      signupTimeSec: Math.floor(user.createdAt.getTime() / 1000),
      isMultiLoginEnabled: false,
    })
  })
  api.get("/subscription/list", async (c) => {
    const feeds = await syncFeeds(deps.db, c.get("sync").userId)
    return c.json({
      subscriptions: feeds.map((f) => ({
        id: feedStreamId(f.url),
        title: f.title ?? f.url,
        categories: f.category ? [{ id: `${LABEL}${f.category}`, label: f.category }] : [],
        url: f.url,
        htmlUrl: f.siteUrl ?? "",
        iconUrl: "",
        firstitemmsec: String(f.createdAt.getTime()),
      })),
    })
  })
  api.get("/subscription/export", async (c) => {
    const out = await exportSubscriptions(deps, c.get("sync").userId, { folderMode: "category", format: "opml" })
    return c.body(out.content, 200, {
      "content-type": out.contentType,
      "content-disposition": `attachment; filename="${out.filename}"`,
    })
  })
  api.post("/subscription/quickadd", async (c) => {
    const params = await paramsOf(c)
    const raw = params.get("quickadd") ?? ""
    const url = raw.startsWith("feed/") ? raw.slice(5) : raw
    if (!url) throw bad("quickadd is required")
    const { feed } = await subscribe(deps, c.get("sync"), { url, view: 0 })
    if (!feed) throw new AppError(ErrorCode.FeedNotFound)
    return c.json({
      numResults: 1,
      query: feed.url,
      streamId: feedStreamId(feed.url),
      streamName: feed.title ?? feed.url,
    })
  })
  api.post("/subscription/edit", async (c) => {
    const params = await paramsOf(c)
    const session = c.get("sync")
    const streams = params.getAll("s").map(parseStream)
    if (!streams.length || streams.some((s) => s.kind !== "feed")) throw bad("s must name feeds (feed/<url>)")
    const keys = streams.map((s) => (s as { key: string }).key)
    const title = params.get("t")?.trim() || undefined
    const add = params.get("a") ? parseStream(params.get("a")!) : undefined
    const remove = params.get("r") ? parseStream(params.get("r")!) : undefined
    if ((add && add.kind !== "label") || (remove && remove.kind !== "label")) throw bad("a and r must be labels")
    const addLabel = add?.kind === "label" ? add.name : undefined
    const action = params.get("ac")
    if (action === "subscribe") {
      await subscribe(deps, session, { url: keys[0]!, view: 0, category: addLabel ?? null, title: title ?? null })
      return text(c, "OK")
    }
    const byKey = await feedIdsByUrlOrId(deps.db, session.userId, keys)
    const feedIds = keys.map((k) => byKey.get(k))
    if (feedIds.some((id) => !id)) throw new AppError(ErrorCode.FeedNotFound)
    if (action === "unsubscribe") {
      await unsubscribe(deps, session.userId, { feedIdList: feedIds as string[] })
      return text(c, "OK")
    }
    if (action !== "edit") throw bad("ac must be subscribe, unsubscribe or edit")
    const current = new Map((await syncFeeds(deps.db, session.userId)).map((f) => [f.feedId, f.category]))
    for (const feedId of feedIds as string[]) {
      // A feed has one label here. Clients move a feed by adding the new label and removing the old one, in either
      // order: removing clears the label only while it is still the one removed.
      const removed = remove?.kind === "label" && current.get(feedId) === remove.name
      const category = addLabel ?? (removed ? null : undefined)
      await updateSubscription(deps, session.userId, {
        feedId,
        ...(title ? { title } : {}),
        ...(category !== undefined ? { category } : {}),
      })
    }
    return text(c, "OK")
  })
  api.get("/tag/list", async (c) => {
    const feeds = await syncFeeds(deps.db, c.get("sync").userId)
    const labels = [...new Set(feeds.map((f) => f.category).filter((x): x is string => Boolean(x)))].sort()
    return c.json({
      tags: [
        { id: `${STATE}starred` },
        ...labels.map((name) => ({ id: `${LABEL}${name}`, label: name, type: "folder" })),
      ],
    })
  })
  api.get("/unread-count", async (c) => {
    const userId = c.get("sync").userId
    const [feeds, counts] = await Promise.all([syncFeeds(deps.db, userId), unreadPerFeed(deps.db, userId)])
    const countOf = new Map(counts.map((r) => [r.feedId, r]))
    const entries: { id: string; count: number; newestItemTimestampUsec: string }[] = []
    const labels = new Map<string, { count: number; newest: number }>()
    let total = 0
    let newestAll = 0
    for (const feed of feeds) {
      const counted = countOf.get(feed.feedId)
      const count = counted?.count ?? 0
      const newest = counted?.newest?.getTime() ?? 0
      total += count
      newestAll = Math.max(newestAll, newest)
      entries.push({ id: feedStreamId(feed.url), count, newestItemTimestampUsec: String(newest * 1000) })
      if (feed.category) {
        const label = labels.get(feed.category) ?? { count: 0, newest: 0 }
        labels.set(feed.category, { count: label.count + count, newest: Math.max(label.newest, newest) })
      }
    }
    for (const [name, label] of labels)
      entries.push({ id: `${LABEL}${name}`, count: label.count, newestItemTimestampUsec: String(label.newest * 1000) })
    entries.push({ id: READING_LIST, count: total, newestItemTimestampUsec: String(newestAll * 1000) })
    return c.json({ max: total, unreadcounts: entries })
  })
  api.get("/stream/items/ids", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const streamId = params.get("s")
    if (!streamId) throw bad("s is required")
    const n = intParam(params, "n", 1, MAX_IDS, 20)!
    const keys = await streamKeys(deps.db, await filterOf(userId, params, streamId), n)
    const last = keys.at(-1)
    return c.json({
      itemRefs: keys.map((k) => ({ id: k.entryId, directStreamIds: [], timestampUsec: k.usec })),
      ...(last && keys.length === n ? { continuation: continuationOf(last.usec, last.entryId) } : {}),
    })
  })
  api.on(["GET", "POST"], "/stream/items/contents", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const ids = [...new Set(params.getAll("i").map(parseItemId))]
    if (!ids.length) throw bad("i is required")
    if (ids.length > MAX_CONTENTS_BY_ID) throw bad(`At most ${MAX_CONTENTS_BY_ID} items at once`)
    const items = await itemsByIds(deps.db, userId, ids, params.get("r") === "o")
    const now = deps.now()
    return c.json({
      direction: "ltr",
      id: READING_LIST,
      title: READING_LIST,
      self: [{ href: new URL(c.req.url).toString() }],
      updated: Math.floor(now.getTime() / 1000),
      updatedUsec: String(now.getTime() * 1000),
      items: items.map(itemJson),
    })
  })
  api.get("/stream/contents/*", async (c) => {
    const rest = /\/stream\/contents\/(.+)$/.exec(c.req.path)?.[1]
    return streamContents(c, rest ? decodeURIComponent(rest) : READING_LIST)
  })
  api.get("/stream/contents", async (c) => streamContents(c, c.req.query("s") || READING_LIST))
  api.post("/edit-tag", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const ids = [...new Set(params.getAll("i").map(parseItemId))]
    if (!ids.length) throw bad("i is required")
    if (ids.length > MAX_EDIT) throw bad(`At most ${MAX_EDIT} items at once`)
    const add = params.getAll("a").map(parseStream)
    const remove = params.getAll("r").map(parseStream)
    if (!add.length && !remove.length) throw bad("a or r is required")
    let read: boolean | undefined
    let star: boolean | undefined
    for (const [list, adding] of [
      [add, true],
      [remove, false],
    ] as const) {
      for (const s of list) {
        if (s.kind === "read") read = adding
        else if (s.kind === "kept-unread") read = !adding
        else if (s.kind === "starred") star = adding
        else throw bad("Only read, kept-unread and starred can be added or removed")
      }
    }
    const own = await ownTimelineIds(deps.db, userId, ids)
    if (read !== undefined && own.length) await setRead(deps.db, userId, own, read)
    if (star === true) await starMany(deps.db, userId, own, deps.now())
    if (star === false) await unstarMany(deps.db, userId, ids)
    return text(c, "OK")
  })
  api.post("/mark-all-as-read", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const stream = parseStream(params.get("s") ?? READING_LIST)
    const feedIds = await feedsOf(userId, stream)
    if (stream.kind === "starred" || stream.kind === "read" || stream.kind === "kept-unread")
      throw bad("Mark a feed, a label or the reading list")
    if (feedIds?.length === 0) return text(c, "OK")
    // ts: what the client had seen, in microseconds (seconds from some clients); later arrivals stay unread.
    const ts = params.get("ts")
    if (ts && !/^\d{1,20}$/.test(ts)) throw bad("ts must be a time in microseconds")
    const n = ts ? Number(ts) : 0
    const ms = n > 1e14 ? Math.floor(n / 1000) + 1 : n > 1e11 ? n + 1 : n ? n * 1000 + 1000 : 0
    await markAllRead(deps.db, { userId, feedIds, insertedBefore: ms ? new Date(ms) : undefined })
    return text(c, "OK")
  })
  api.post("/rename-tag", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const from = parseStream(params.get("s") ?? params.get("t") ?? "")
    const to = parseStream(params.get("dest") ?? "")
    if (from.kind !== "label" || to.kind !== "label" || !to.name.trim()) throw bad("s and dest must be labels")
    const feedIds = await feedIdsWithCategory(deps.db, userId, from.name)
    if (!feedIds.length) throw new AppError(ErrorCode.NotFound)
    await renameCategory(deps, userId, feedIds, to.name)
    return text(c, "OK")
  })
  api.post("/disable-tag", async (c) => {
    const params = await paramsOf(c)
    const userId = c.get("sync").userId
    const names = [...params.getAll("s"), ...params.getAll("t").map((t) => (t.includes("/") ? t : `${LABEL}${t}`))]
    const labels = names.map(parseStream)
    if (!labels.length || labels.some((l) => l.kind !== "label")) throw bad("s must name labels")
    for (const label of labels as { name: string }[]) {
      const feedIds = await feedIdsWithCategory(deps.db, userId, label.name)
      if (feedIds.length) await deleteCategory(deps, userId, feedIds, false)
    }
    return text(c, "OK")
  })
  app.route("/reader/api/0", api)
  return app
}
