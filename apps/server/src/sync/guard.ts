// Password guessing through the sync protocols is held back like sign-in (auth/handler.ts): failures are counted per
// key in sign_in_failures (a hash, so no address or e-mail is stored in clear) and a key that failed too often is
// refused before its credential is checked, for a time that doubles with each further failure.
import { createHash } from "node:crypto"
import type { Deps } from "../deps.ts"
import { clearSignInFailures, findSignInLock, recordSignInFailure } from "../storage/sign-in-failures.ts"

const MAX_LOCK_SECONDS = 3600

export type Guarded<T> = { ok: T } | { failed: true } | { retryAfter: number }

/** `attempt` answers undefined for a wrong credential. `key` names what is counted: an account or an address. */
export async function guardedAttempt<T>(
  deps: Deps,
  key: string,
  attempt: () => Promise<T | undefined>,
  { clearOnSuccess = true } = {},
): Promise<Guarded<T>> {
  if (!deps.config.AUTH_RATE_LIMIT) {
    const value = await attempt()
    return value === undefined ? { failed: true } : { ok: value }
  }
  const hash = createHash("sha256").update(`sync:${key}`).digest("hex")
  const now = deps.now()
  const locked = await findSignInLock(deps.db, hash, now)
  if (locked) return { retryAfter: Math.max(1, Math.ceil((locked.getTime() - now.getTime()) / 1000)) }
  const value = await attempt()
  if (value !== undefined) {
    if (clearOnSuccess) await clearSignInFailures(deps.db, hash)
    return { ok: value }
  }
  await recordSignInFailure(deps.db, hash, now, {
    failures: deps.config.AUTH_LOCKOUT_FAILURES,
    seconds: deps.config.AUTH_LOCKOUT_SECONDS,
    maxSeconds: MAX_LOCK_SECONDS,
  })
  return { failed: true }
}
