// A short-lived cache of resolved sessions, keyed by the credential a request carries (bearer token or session
// cookie): most API calls are a reader's quick succession, and resolving a session costs two queries and an HMAC.
// Entries live SESSION_CACHE_SECONDS; calls that may change sessions (sign-out, revocations, role changes) evict
// them in this process at once. Other processes of a scaled-out server see such a change within the same seconds.
import type { SessionInfo } from "../services/session.ts"

const MAX_ENTRIES = 10_000

interface Entry {
  info: Promise<SessionInfo | undefined>
  expires: number
  userId?: string
}

export interface SessionCache {
  /** The session for this credential, resolving it with `resolve` when it is not cached (or has expired). */
  get(credential: string, resolve: () => Promise<SessionInfo | undefined>): Promise<SessionInfo | undefined>
  /** Forgets the sessions of one user (their role or limits changed). */
  evictUser(userId: string): void
  clear(): void
}

export function createSessionCache(ttlMs: number, now: () => number = Date.now): SessionCache {
  const entries = new Map<string, Entry>()
  const byUser = new Map<string, Set<string>>()

  function forget(credential: string) {
    const userId = entries.get(credential)?.userId
    entries.delete(credential)
    const credentials = userId ? byUser.get(userId) : undefined
    credentials?.delete(credential)
    if (credentials?.size === 0) byUser.delete(userId!)
  }

  return {
    get(credential, resolve) {
      const cached = entries.get(credential)
      if (cached && cached.expires > now()) return cached.info
      if (cached) forget(credential)
      if (ttlMs <= 0) return resolve()
      // Concurrent requests with one credential share the lookup in flight.
      const entry: Entry = { info: resolve(), expires: now() + ttlMs }
      entry.info.then(
        (found) => {
          if (entries.get(credential) !== entry) return
          if (!found) return forget(credential)
          entry.userId = found.userId
          byUser.set(found.userId, (byUser.get(found.userId) ?? new Set()).add(credential))
        },
        () => {
          if (entries.get(credential) === entry) forget(credential)
        },
      )
      if (entries.size >= MAX_ENTRIES) forget(entries.keys().next().value!)
      entries.set(credential, entry)
      return entry.info
    },
    evictUser(userId) {
      for (const credential of byUser.get(userId) ?? []) forget(credential)
      byUser.delete(userId)
    },
    clear() {
      entries.clear()
      byUser.clear()
    },
  }
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/

/** The credential that identifies a request's session, if it carries one: the bearer token, else the session cookie. */
export function credentialOf(headers: Headers): string | undefined {
  const authorization = headers.get("authorization")
  if (authorization?.startsWith("Bearer ")) return authorization
  const cookie = SESSION_COOKIE.exec(headers.get("cookie") ?? "")?.[1]
  return cookie ? `cookie ${cookie}` : undefined
}
