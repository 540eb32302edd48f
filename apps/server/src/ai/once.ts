// One model call per result, however many ask for it at once: requests in this process share one promise, and
// processes share a claim row in ai_pending (insert … on conflict as the claim). Whoever holds the claim calls the
// model and stores the result; the others poll until the claim is gone and read the stored result. A failed call
// releases its claim and stores nothing, so the next request tries again; a claim left by a process that died is
// taken over once it is older than AI_PENDING_STALE_SECONDS.
import { randomUUID } from "node:crypto"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { claimPending, pendingSince, releasePending } from "../storage/ai.ts"

const POLL_MS = 150

export type Once = <T>(key: string, read: () => Promise<T | undefined>, produce: () => Promise<T>) => Promise<T>

export function createOnce(deps: Deps): Once {
  const inFlight = new Map<string, Promise<unknown>>()
  return <T>(key: string, read: () => Promise<T | undefined>, produce: () => Promise<T>) => {
    let shared = inFlight.get(key) as Promise<T> | undefined
    if (!shared) {
      shared = obtain(deps, key, read, produce)
      inFlight.set(key, shared)
      const forget = () => inFlight.delete(key)
      shared.then(forget, forget)
    }
    return shared
  }
}

async function obtain<T>(deps: Deps, key: string, read: () => Promise<T | undefined>, produce: () => Promise<T>) {
  // Waiting for another process is bounded by what its call may take, plus a margin for storing the result.
  const deadline = Date.now() + deps.config.AI_TIMEOUT_MS + 10_000
  for (;;) {
    const found = await read()
    if (found !== undefined) return found
    const claim = randomUUID()
    const at = deps.now()
    const staleBefore = new Date(at.getTime() - deps.config.AI_PENDING_STALE_SECONDS * 1000)
    if (await claimPending(deps.db, key, claim, at, staleBefore)) {
      try {
        return await produce()
      } finally {
        await releasePending(deps.db, key, claim)
      }
    }
    await waitForRelease(deps, key, deadline)
  }
}

/** Returns once the claim is gone or stale (the caller then reads the result or claims in turn). */
async function waitForRelease(deps: Deps, key: string, deadline: number) {
  for (;;) {
    const since = await pendingSince(deps.db, key)
    if (!since || deps.now().getTime() - since.getTime() > deps.config.AI_PENDING_STALE_SECONDS * 1000) return
    if (Date.now() >= deadline)
      throw new AppError(ErrorCode.Lock, { reason: "Another request is still waiting for the AI model; try again" })
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
