// "Mark all as read", or only part of the list: the entries above (newer than, and including) or below (older
// than, and including) the open one, or those published more than a day / a week ago — the server's time window
// (POST /reads/all startTime / endTime on publishedAt, epoch ms numbers).
import type { MarkAllReadRequest } from "../../queries/reads.ts"

export type MarkScope = "all" | "above" | "below" | "day" | "week"

const DAY_MS = 86_400_000
const OLDER_THAN_MS = { day: DAY_MS, week: 7 * DAY_MS } as const

/** The scopes offered: above / below only with an open entry to measure from. */
export function markScopes(hasOpenEntry: boolean): MarkScope[] {
  return hasOpenEntry ? ["all", "above", "below", "day", "week"] : ["all", "day", "week"]
}

export function scopedMarkAllRead(
  request: MarkAllReadRequest,
  scope: MarkScope,
  publishedAt: string | undefined,
  now: number = Date.now(),
): MarkAllReadRequest {
  const window = timeWindow(scope, publishedAt, now)
  if (!window) return request
  return { ...request, input: { ...request.input, ...window }, partial: true }
}

function timeWindow(scope: MarkScope, publishedAt: string | undefined, now: number) {
  if (scope === "day" || scope === "week") return { endTime: now - OLDER_THAN_MS[scope] }
  const at = publishedAt ? Date.parse(publishedAt) : Number.NaN
  if (scope === "all" || Number.isNaN(at)) return undefined
  return scope === "above" ? { startTime: at } : { endTime: at }
}
