// Integrations: the relay's rules. One user may have a few relayed requests waiting at once; a request the relay
// could not deliver is the catalogue's 422 with the reason; the log names the host only (paths, queries, headers
// and bodies carry the user's tokens).
import type { RelayAnswer, RelayRequest } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { RelayError, relayRequest } from "../reader/relay.ts"

/** Relayed requests one user may have waiting at once: saving an entry needs one or two, a loop of them is refused. */
export const RELAY_PER_USER = 4

export type RelayService = (deps: Deps, userId: string, input: RelayRequest) => Promise<RelayAnswer>

/** A relay with its own count of requests in flight per user (one per app: the count lives in this process). */
export function createRelay(): RelayService {
  const inFlight = new Map<string, number>()
  return async (deps, userId, input) => {
    const busy = inFlight.get(userId) ?? 0
    if (busy >= RELAY_PER_USER)
      throw new AppError(ErrorCode.Lock, { reason: `At most ${RELAY_PER_USER} relayed requests at a time` })
    inFlight.set(userId, busy + 1)
    const fields = { userId, method: input.method, host: new URL(input.url).host }
    try {
      const answer = await relayRequest(input, { allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK })
      deps.log.debug("integration relayed", { ...fields, status: answer.status })
      return answer
    } catch (error) {
      if (!(error instanceof RelayError)) throw error
      deps.log.info("integration relay failed", { ...fields, error: error.message })
      throw new AppError(ErrorCode.UnprocessableContent, { reason: error.message })
    } finally {
      const left = (inFlight.get(userId) ?? 1) - 1
      if (left) inFlight.set(userId, left)
      else inFlight.delete(userId)
    }
  }
}
