// The app's one write queue (write-queue.ts) for read, unread, star and unstar: the mutations put their change
// through it after their optimistic update, so a change made offline stays applied, is kept in local storage and
// goes out in order once the client is online again (the network store's online flag or the browser's event). A
// queued change the server later refuses is undone in the caches (and so in the local copy, which follows them)
// with a toast.
import type { QueryClient } from "@tanstack/react-query"
import { LOCAL_KEY_PREFIX, type SessionAnswer } from "@tidings/shared"
import i18next from "i18next"
import { keepAfter } from "../api/api-error.ts"
import { starEntry, unstarEntry } from "../api/collections.ts"
import { markRead, markUnread } from "../api/reads.ts"
import { errorMessage } from "../i18n/error-message.ts"
import { toast } from "../lib/toast.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import { isStarredListKey, lookupEntry, setEntryRead, setEntryStar } from "./entry-state.ts"
import { queryKeys } from "./keys.ts"
import { RESTORED_AT } from "./persisted-cache.ts"
import { updateUnread } from "./unread.ts"
import { adjustUnread } from "./unread-counts.ts"
import { type QueuedWrite, type WriteOutcome, WriteQueue } from "./write-queue.ts"

export const OFFLINE_WRITES_KEY = `${LOCAL_KEY_PREFIX}offline-writes`

export function sendWrite(write: QueuedWrite, replay: boolean): Promise<unknown> {
  // A replayed change's refusal gets its own toast (onRefused), not the request layer's.
  const options = { quiet: replay }
  switch (write.kind) {
    case "read":
      return markRead(write.entryIds, write.inbox, options)
    case "unread":
      return markUnread(write.entryId, write.inbox, options)
    case "star":
      return starEntry(write.entryId, write.view, options)
    case "unstar":
      return unstarEntry(write.entryId, options)
  }
}

export { keepAfter }

/**
 * The server has answered the session in this page's life, for the user the queue belongs to. A session restored
 * from the persisted cache is not enough: the browser's cookie may be another user's by now, and a queued change
 * must never go out as someone else's.
 */
function sessionConfirmed(queryClient: QueryClient, userId: string | undefined): boolean {
  const state = queryClient.getQueryState<SessionAnswer | null>(queryKeys.session)
  return Boolean(userId && state && state.dataUpdatedAt > RESTORED_AT && state.data?.user?.id === userId)
}

const browserOnline = () => useNetworkStore.getState().online && globalThis.navigator?.onLine !== false

/**
 * Undoes a refused change in the caches, that change only (a snapshot of whole caches would also undo what changed
 * meanwhile); the server is then asked for the truth.
 */
export function rollBack(queryClient: QueryClient, write: QueuedWrite): void {
  if (write.kind === "read" || write.kind === "unread") {
    const ids = write.kind === "read" ? write.entryIds : [write.entryId]
    const read = write.kind === "unread"
    const changed = ids.map((id) => lookupEntry(queryClient, id)).filter((known) => known && known.read !== read)
    setEntryRead(queryClient, new Set(ids), read)
    updateUnread(queryClient, (counts) =>
      changed.reduce((next, known) => (known ? adjustUnread(next, known.feedId, read ? -1 : 1) : next), counts),
    )
  } else {
    setEntryStar(queryClient, write.entryId, write.kind === "star" ? null : new Date().toISOString())
  }
  refreshFromServer(queryClient)
}

function refreshFromServer(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.unread })
  void queryClient.invalidateQueries({ queryKey: queryKeys.entriesRoot })
  void queryClient.invalidateQueries({ predicate: (query) => isStarredListKey(query.queryKey) })
}

let shared: WriteQueue | undefined

export function offlineWrites(queryClient: QueryClient): WriteQueue {
  shared ??= new WriteQueue({
    storage: localStorage,
    storageKey: OFFLINE_WRITES_KEY,
    send: sendWrite,
    keepAfter,
    isOnline: () => browserOnline() && sessionConfirmed(queryClient, shared?.owner),
    onRefused: (write, error) => {
      rollBack(queryClient, write)
      toast.error(i18next.t("app:network.write_refused", { reason: errorMessage(error) }), {
        id: "offline-write-refused",
      })
    },
    // Lists fetched before the queue went out show the old state: ask again now that the server has it.
    onReplayed: () => refreshFromServer(queryClient),
    now: Date.now,
    later: (run, ms) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    },
  })
  return shared
}

/** Queues one change as the signed-in user (sent at once when online); without a session it is just sent. */
export async function submitWrite(queryClient: QueryClient, write: QueuedWrite): Promise<WriteOutcome> {
  const userId = queryClient.getQueryData<SessionAnswer | null>(queryKeys.session)?.user?.id
  if (!userId) {
    await sendWrite(write, false)
    return "sent"
  }
  return offlineWrites(queryClient).submit(userId, write)
}

/** Runs the queue for the signed-in user while mounted: sent at start and whenever the client is online again. */
export function runOfflineWrites(queryClient: QueryClient, userId: string): () => void {
  const queue = offlineWrites(queryClient)
  queue.start(userId)
  const unwatch = useNetworkStore.subscribe((state, prev) => {
    if (state.online && !prev.online) void queue.flush()
  })
  const reconnect = () => void queue.flush()
  window.addEventListener("online", reconnect)
  // The session answered (the queue waits for that, see sessionConfirmed): send what waited.
  const unwatchSession = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success" && event.query.queryKey[0] === "session")
      void queue.flush()
  })
  return () => {
    unwatch()
    unwatchSession()
    window.removeEventListener("online", reconnect)
    queue.stop()
  }
}
