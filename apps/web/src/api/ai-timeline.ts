// The AI timeline's own call: a summary of the unread entries in view (POST /ai/timeline-summary). Sorting goes
// through POST /entries with aiSort (api/entries.ts).
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface TimelineSummary {
  /** Markdown; its links open the entries (/timeline/view-N/feed/entry). */
  markdown: string
  entryCount: number
}

export interface TimelineSummaryInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
}

/** Null when nothing in view is unread. The model may take a while: the server waits up to AI_TIMEOUT_MS. */
export async function summariseTimeline(input: TimelineSummaryInput, signal?: AbortSignal) {
  const answer = await request<Ok<TimelineSummary | null>>("/ai/timeline-summary", {
    method: "POST",
    body: input,
    signal,
    timeout: 120_000,
    quiet: true,
  })
  return answer.data ?? null
}
