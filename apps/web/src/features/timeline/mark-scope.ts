// "Mark all as read", or only the entries above (newer than, and including) or below (older than, and
// including) the open one: the server's startTime / endTime window on publishedAt.
import type { MarkAllReadRequest } from "../../queries/reads.ts"

export type MarkScope = "all" | "above" | "below"

export function scopedMarkAllRead(
  request: MarkAllReadRequest,
  scope: MarkScope,
  publishedAt: string | undefined,
): MarkAllReadRequest {
  if (scope === "all" || !publishedAt) return request
  const window = scope === "above" ? { startTime: publishedAt } : { endTime: publishedAt }
  return { ...request, input: { ...request.input, ...window }, partial: true }
}
