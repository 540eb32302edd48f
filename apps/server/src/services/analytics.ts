// First-party usage analytics (spec client §9 event codes 1000–4000): the web client posts batches of events while
// the user's sendAnonymousData is on; the server keeps daily counts per event code and a per-day hash of who was
// active, nothing else (no address, no properties, nothing forwarded). Admins read the daily dashboard.
import { createHash } from "node:crypto"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { countMetric, dailyUsage, recordUsage } from "../storage/analytics.ts"
import type { SessionInfo } from "./session.ts"

/** The spec's tracked event codes: 1000–1003, 2000–2015, 3000–3002 and 4000. */
export function isTrackedCode(code: number): boolean {
  return (
    (code >= 1000 && code <= 1003) || (code >= 2000 && code <= 2015) || (code >= 3000 && code <= 3002) || code === 4000
  )
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10)

export interface UsageBatch {
  events: { params: { event_code: number } }[]
}

/** Stores a batch's counts for the day; false when the user's sendAnonymousData is off (then nothing is stored). */
export async function ingestUsage(deps: Deps, userId: string, batch: UsageBatch): Promise<boolean> {
  const day = dayOf(deps.now())
  const counts = new Map<string, number>()
  for (const event of batch.events) {
    const metric = `event:${event.params.event_code}`
    counts.set(metric, (counts.get(metric) ?? 0) + 1)
  }
  // A hash of the day and the user: counts a user once a day, and cannot be followed from one day to the next
  // without the list of user ids.
  const actor = createHash("sha256").update(`${day}:${userId}`).digest("base64url")
  return recordUsage(deps.db, { userId, day, actor, counts })
}

/** Counts an error the server answered with a 5xx; never fails the answer it is counting. */
export function countServerError(deps: Deps): void {
  countMetric(deps.db, dayOf(deps.now()), "error:server").catch(() => undefined)
}

/** GET /admin/analytics: the last `days` UTC days, oldest first. Admins only (1004). */
export async function usageDashboard(deps: Deps, session: SessionInfo, days: number) {
  if (session.role !== "admin")
    throw new AppError(ErrorCode.NoPermission, { reason: "Only an administrator may read usage analytics" })
  const to = deps.now()
  const from = new Date(to.getTime() - (days - 1) * 86_400_000)
  const rows = await dailyUsage(deps.db, dayOf(from), dayOf(to))
  return { days: rows }
}
