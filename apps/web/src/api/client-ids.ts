// X-Client-Id (kept across visits) and X-Session-Id (one per tab session), random 21-character ids.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { randomId } from "../lib/random-id.ts"

const CLIENT_ID_KEY = `${LOCAL_KEY_PREFIX}client_id`
const SESSION_ID_KEY = `${LOCAL_KEY_PREFIX}session_id`

function storedId(storage: Storage, key: string): string {
  try {
    const existing = storage.getItem(key)
    if (existing) return existing
    const id = randomId()
    storage.setItem(key, id)
    return id
  } catch {
    // Storage can be unavailable (private mode, quota); an id for this page is still better than none.
    return randomId()
  }
}

let cached: { "X-Client-Id": string; "X-Session-Id": string } | undefined

export function clientHeaders(): { "X-Client-Id": string; "X-Session-Id": string } {
  cached ??= {
    "X-Client-Id": storedId(localStorage, CLIENT_ID_KEY),
    "X-Session-Id": storedId(sessionStorage, SESSION_ID_KEY),
  }
  return cached
}
