// Read state and unread counts (/reads).
import type { Ok, UnreadCounts } from "@tidings/shared"
import { type RequestOptions, request } from "./request.ts"

/** How a write is sent: `quiet` when a change that waited offline is replayed and its refusal is shown apart. */
export type WriteOptions = Pick<RequestOptions, "quiet">

export async function getUnreadCounts(view?: number): Promise<UnreadCounts> {
  const answer = await request<Ok<UnreadCounts>>("/reads", { query: { view } })
  return answer.data ?? {}
}

export function markRead(entryIds: string[], isInbox = false, options: WriteOptions = {}): Promise<unknown> {
  return request("/reads", { method: "POST", body: { entryIds, isInbox }, ...options })
}

export function markUnread(entryId: string, isInbox = false, options: WriteOptions = {}): Promise<unknown> {
  return request("/reads", { method: "DELETE", body: { entryId, isInbox }, ...options })
}

export interface MarkAllReadInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  inboxId?: string
  /** A saved search: exactly its unread matches. */
  searchId?: string
  /** Only entries published at or after / at or before, epoch ms (above / below an entry, older than a day). */
  startTime?: number
  endTime?: number
}

/** Answers how many entries each feed had marked. */
export async function markAllRead(input: MarkAllReadInput): Promise<UnreadCounts> {
  const answer = await request<Ok<{ read?: UnreadCounts }>>("/reads/all", { method: "POST", body: input })
  return answer.data?.read ?? {}
}

/** Every unread entry of the user, inboxes included (the desktop app's badge). */
export async function getTotalUnread(): Promise<number> {
  return (await request<Ok<{ count: number }>>("/reads/total-count")).data.count
}
