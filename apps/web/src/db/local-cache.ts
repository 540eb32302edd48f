// The local database between the query cache and the network (spec client §4 "Reading caches", "Session"): at start
// the sidebar, the unread counts and the first page of each timeline come from it when the network has not answered
// yet, and every answer (and every optimistic change) is written back, a second after the last one. A different
// user on this browser starts from an empty database.
import { onlineManager, type Query, type QueryClient } from "@tanstack/react-query"
import {
  APP_VERSION,
  type EntryDetail,
  type EntryListItem,
  type FeedSubscription,
  type InboxTarget,
  type SessionAnswer,
  type UnreadCounts,
  type UserProfile,
} from "@tidings/shared"
import type { MessagePage, SessionPage } from "../api/ai-chat.ts"
import { streamEntryContents } from "../api/entries.ts"
import type { ListSubscription } from "../api/subscriptions.ts"
import { entryImages, prefetchImages } from "../lib/entry-images.ts"
import { clearImageDimensions } from "../lib/image-dimensions.ts"
import { localDataWasReset } from "../lib/local-reset.ts"
import { ENTRY_PAGE_LIMIT, type EntryFilter } from "../queries/entry-filter.ts"
import { onEntryStateChange, withCachedState } from "../queries/entry-state.ts"
import { chatKeys, profileKeys, queryKeys } from "../queries/keys.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import type { LocalDatabase } from "./client.ts"
import { APP_VERSION_KEY, USER_ID_KEY } from "./keys.ts"
import {
  CHAT_SESSIONS_KEPT,
  chatMessagesFrom,
  chatSessionsFrom,
  loadChatMessagesSql,
  loadChatSessionsSql,
  loadUserSql,
  saveChatMessages,
  saveChatSessions,
  saveUser,
  userFrom,
} from "./local-people.ts"
import {
  entryDetailFrom,
  entryItemsFrom,
  feedSubscriptionsFrom,
  loadEntryPageSql,
  loadEntrySql,
  loadFeedSubscriptionsSql,
  loadUnreadSql,
  missingContentSql,
  type Statement,
  saveContent,
  saveEntriesRead,
  saveEntryDetail,
  saveEntryItems,
  saveEntryStar,
  saveFeedSubscriptions,
  saveUnread,
  unreadFrom,
} from "./local-store.ts"
import {
  inboxesFrom,
  listSubscriptionsFrom,
  loadInboxesSql,
  loadListSubscriptionsSql,
  saveInboxes,
  saveListSubscriptions,
} from "./local-targets.ts"
import { pruneEntriesStatement, purgeTranslationsStatement } from "./rules.ts"

export { APP_VERSION_KEY, USER_ID_KEY }
/** Writes wait this long after the last change, so a burst of changes is one transaction; short, because what is
 * not yet written when the page goes away is lost, and the next start would show it as it was. */
export const WRITE_DELAY_MS = 250
/** Entry contents are asked for this long after the last entries came in (spec: stream fetch debounced 1000 ms). */
export const STREAM_DEBOUNCE_MS = 1000
/** Entries whose content one POST /entries/stream asks for. */
export const STREAM_BATCH = 30
/** Pages of one timeline written back: the rest are fetched again when scrolled to. */
const PAGES_KEPT = 3

type InfinitePages = { pages: EntryListItem[][]; pageParams: unknown[] }

/** Data set from the local copy counts as old, so every query still asks the server. */
const HYDRATED_AT = 1

export interface LocalCacheOptions {
  storage?: Pick<Storage, "getItem" | "setItem">
  now?: () => number
  later?: (run: () => void, ms: number) => () => void
  fetchContents?: (ids: string[]) => Promise<{ id: string; content: string | null }[]>
  /** Where the kept entries' pictures go to be fetched ahead (the service worker's image cache). */
  prefetchImages?: (urls: string[]) => void
}

export interface LocalCache {
  /** Resolves once the stored copy has been put into the query cache (or found empty). */
  hydrated: Promise<void>
  /** True when this browser last ran another version of the app. */
  upgraded: boolean
  /** Sends every pending write now. */
  flush: () => Promise<void>
  stop: () => void
}

export function startLocalCache(
  queryClient: QueryClient,
  db: LocalDatabase,
  userId: string,
  options: LocalCacheOptions = {},
): LocalCache {
  const storage = options.storage ?? localStorage
  const now = options.now ?? Date.now
  const later =
    options.later ??
    ((run, ms) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    })
  const upgraded = (storage.getItem(APP_VERSION_KEY) ?? APP_VERSION) !== APP_VERSION
  storage.setItem(APP_VERSION_KEY, APP_VERSION)
  const previousUser = storage.getItem(USER_ID_KEY)
  const fetchContents = options.fetchContents ?? streamEntryContents
  const prefetch = options.prefetchImages ?? prefetchImages

  let applying = false
  let stopped = false
  const pending = new Map<string, () => Statement[]>()
  let cancelTimer: (() => void) | undefined
  let cancelStream: (() => void) | undefined

  const flush = async () => {
    // Nothing is written before a previous user's copy is gone.
    await hydrated.catch(() => {})
    cancelTimer?.()
    cancelTimer = undefined
    const writes = localDataWasReset() ? [] : [...pending.values()].flatMap((build) => build())
    pending.clear()
    if (writes.length) await db.transaction([...writes, pruneEntriesStatement()])
  }
  const schedule = (key: string, build: () => Statement[]) => {
    // Re-inserted: a list written again goes after the state changes scheduled before it, which it includes.
    pending.delete(key)
    pending.set(key, build)
    cancelTimer?.()
    cancelTimer = later(() => void flush(), WRITE_DELAY_MS)
  }

  // The entries in view get their content through POST /entries/stream, so a kept entry opens without a network.
  const wanted = new Set<string>()
  // And their pictures: fetched ahead by the service worker, so a kept entry also opens offline with its images.
  const pictures = new Set<string>()
  const streamContents = async () => {
    const ids = [...wanted]
    wanted.clear()
    try {
      for (let start = 0; start < ids.length && !stopped; start += STREAM_BATCH) {
        const missing = missingContentSql(ids.slice(start, start + STREAM_BATCH))
        const without = (await db.query(missing.sql, missing.params)).map((row) => String(row.id))
        if (!without.length) continue
        try {
          const contents = await fetchContents(without)
          await db.transaction(contents.map((entry) => saveContent(entry.id, entry.content)))
          for (const entry of contents) for (const url of entryImages(entry.content)) pictures.add(url)
        } catch (error) {
          console.warn("Entry contents could not be fetched for the local copy", error)
          return
        }
      }
    } finally {
      if (pictures.size && !stopped) prefetch([...pictures])
      pictures.clear()
    }
  }

  const hydrateEntry = async (query: Query) => {
    const id = query.queryKey[1]
    if (typeof id !== "string" || !id || query.state.data !== undefined) return
    const statement = loadEntrySql(id)
    const detail = entryDetailFrom(await db.query(statement.sql, statement.params))
    if (detail && !stopped) setFromLocal(query.queryKey, withCachedState(queryClient, [detail], () => id)[0])
  }

  const setFromLocal = <T>(key: readonly unknown[], data: T) => {
    if (queryClient.getQueryData(key) !== undefined) return
    applying = true
    try {
      queryClient.setQueryData(key, data, { updatedAt: HYDRATED_AT })
    } finally {
      applying = false
    }
  }

  /** A profile, the sessions list's first page or a session's messages, from the copy, while the server is asked. */
  const hydratePeople = async (query: Query) => {
    const key = query.queryKey
    if (query.state.data !== undefined) return
    if (isUserKey(key)) {
      const statement = loadUserSql(String(key[1]))
      const profile = userFrom(await db.query(statement.sql, statement.params))
      if (profile && !stopped) setFromLocal(key, profile)
    } else if (isChatSessionsKey(key)) {
      const page = chatSessionsFrom(await db.query(loadChatSessionsSql.sql, loadChatSessionsSql.params), userId)
      if (page.data.length && !stopped) setFromLocal(key, { pages: [page], pageParams: [undefined] })
    } else if (isChatMessagesKey(key)) {
      // The conversation view seeds the chat with the first messages it gets and keeps them: the kept copy (which
      // may miss what another device added) stands in only when there is no network to ask.
      if (onlineManager.isOnline() && useNetworkStore.getState().online) return
      const chatId = String(key[2])
      const statement = loadChatMessagesSql(chatId)
      const page = chatMessagesFrom(await db.query(statement.sql, statement.params), chatId, userId)
      if (page && !stopped) setFromLocal(key, page)
    }
  }

  const hydrateEntries = async (query: Query) => {
    const filter = query.queryKey[1] as EntryFilter | undefined
    const statement = filter && loadEntryPageSql(filter, ENTRY_PAGE_LIMIT)
    if (!statement || query.state.data !== undefined) return
    const stored = entryItemsFrom(await db.query(statement.sql, statement.params), Boolean(filter.withContent))
    const items = withCachedState(queryClient, stored, (item) => item.entries.id)
    if (items.length && !stopped) setFromLocal(query.queryKey, { pages: [items], pageParams: [undefined] })
  }

  const hydrated = (async () => {
    await db.ready
    // Another user's copy is never shown: the database is emptied before anything is read from it.
    if (previousUser && previousUser !== userId) {
      clearImageDimensions()
      await db.reset()
    }
    storage.setItem(USER_ID_KEY, userId)
    const subs = loadFeedSubscriptionsSql(userId)
    const lists = loadListSubscriptionsSql(userId)
    const [subRows, unreadRows, listRows, inboxRows] = await Promise.all([
      db.query(subs.sql, subs.params),
      db.query(loadUnreadSql.sql, loadUnreadSql.params),
      db.query(lists.sql, lists.params),
      db.query(loadInboxesSql.sql),
    ])
    if (stopped) return
    if (subRows.length) setFromLocal(queryKeys.subscriptions, feedSubscriptionsFrom(subRows))
    if (unreadRows.length) setFromLocal(queryKeys.unread, unreadFrom(unreadRows))
    if (listRows.length) setFromLocal(queryKeys.listSubscriptions, listSubscriptionsFrom(listRows))
    if (inboxRows.length) setFromLocal(queryKeys.inboxes, inboxesFrom(inboxRows, userId))
    const timelines = queryClient.getQueryCache().findAll({ queryKey: queryKeys.entriesRoot })
    const people = queryClient.getQueryCache().findAll({ predicate: (query) => isPeopleKey(query.queryKey) })
    await Promise.all([...timelines.map(hydrateEntries), ...people.map(hydratePeople)])
    performance.mark("tidings:local-db-hydrated")
    // The size rules at load (spec client §4), once what is shown has been read: a timeline shows at most a page.
    await db.transaction([purgeTranslationsStatement(now()), pruneEntriesStatement()])
  })()

  /** Schedules the write of one query's data, when it is data the local copy keeps. */
  const persist = (query: Query) => {
    const key = query.queryKey
    const data = query.state.data
    if (data === undefined) return
    if (key[0] === queryKeys.subscriptions[0] && key.length === 1)
      schedule("subscriptions", () => saveFeedSubscriptions(userId, data as FeedSubscription[]))
    else if (key[0] === queryKeys.unread[0]) schedule("unread", () => saveUnread(data as UnreadCounts))
    else if (key[0] === queryKeys.listSubscriptions[0])
      schedule("lists", () => saveListSubscriptions(userId, data as ListSubscription[]))
    else if (key[0] === queryKeys.inboxes[0] && key.length === 1)
      schedule("inboxes", () => saveInboxes(data as InboxTarget[]))
    else if (key[0] === queryKeys.session[0] && (data as SessionAnswer | null)?.user) {
      const { user } = data as SessionAnswer
      schedule("me", () => [saveUser(user, true)])
    } else if (isUserKey(key) && data) schedule(`user:${String(key[1])}`, () => [saveUser(data as UserProfile)])
    else if (isChatSessionsKey(key)) {
      const { pages } = data as { pages: SessionPage[] }
      const sessions = pages.flatMap((page) => page.data)
      const complete = !pages.at(-1)?.nextBefore && sessions.length <= CHAT_SESSIONS_KEPT
      schedule("chat-sessions", () => saveChatSessions(sessions.slice(0, CHAT_SESSIONS_KEPT), complete))
    } else if (isChatMessagesKey(key)) {
      const page = data as MessagePage
      schedule(`chat:${String(key[2])}`, () => saveChatMessages(String(key[2]), page.chatSession, page.messages))
    } else if (key[0] === queryKeys.entry("")[0] && data) {
      // An opened entry is kept with its content, even one no kept list holds (opened from a link, or far down).
      const detail = data as EntryDetail
      schedule(`entry:${detail.entries.id}`, () => saveEntryDetail(detail))
    } else if (key[0] === queryKeys.entriesRoot[0]) {
      const items = (data as InfinitePages).pages.slice(0, PAGES_KEPT).flat()
      for (const item of items) {
        if (item.entries.content == null) wanted.add(item.entries.id)
        for (const url of entryImages(item.entries.content, item.entries.media)) pictures.add(url)
      }
      schedule(`entries:${query.queryHash}`, () => saveEntryItems(items))
      if (wanted.size || pictures.size) {
        cancelStream?.()
        // After the write: the entries must be in the table to take their content.
        cancelStream = later(() => void flush().then(streamContents), STREAM_DEBOUNCE_MS)
      }
    }
  }

  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (stopped) return
    const key = event.query.queryKey
    if (event.type === "added" && key[0] === queryKeys.entriesRoot[0])
      void hydrated.then(() => hydrateEntries(event.query))
    if (event.type === "added" && key[0] === queryKeys.entry("")[0]) void hydrated.then(() => hydrateEntry(event.query))
    if (event.type === "added" && isPeopleKey(key)) void hydrated.then(() => hydratePeople(event.query))
    if (event.type === "updated" && event.action.type === "success" && !applying) persist(event.query)
  })
  // Each change is written in the order made (a numbered key each), after the lists scheduled before it.
  let changes = 0
  const unwatchState = onEntryStateChange((change) => {
    if (stopped) return
    schedule(`state:${++changes}`, () =>
      change.kind === "star" ? saveEntryStar(change.id, change.starredAt) : saveEntriesRead(change.ids, change.read),
    )
  })
  // The cache starts after the first screen: what the server answered before then is kept too.
  void hydrated.then(() => {
    for (const query of queryClient.getQueryCache().getAll())
      if (!stopped && query.state.dataUpdatedAt > HYDRATED_AT) persist(query)
  })

  return {
    hydrated,
    upgraded,
    flush,
    stop: () => {
      stopped = true
      cancelStream?.()
      unsubscribe()
      unwatchState()
      void flush()
    },
  }
}

const isUserKey = (key: readonly unknown[]) =>
  key[0] === profileKeys.user("")[0] && key.length === 2 && typeof key[1] === "string" && key[1] !== ""
const isChatSessionsKey = (key: readonly unknown[]) =>
  key.length === chatKeys.sessions.length && key.every((part, i) => part === chatKeys.sessions[i])
const isChatMessagesKey = (key: readonly unknown[]) =>
  key.length === 3 && key[0] === chatKeys.root[0] && key[1] === chatKeys.messages("")[1] && typeof key[2] === "string"
const isPeopleKey = (key: readonly unknown[]) => isUserKey(key) || isChatSessionsKey(key) || isChatMessagesKey(key)
