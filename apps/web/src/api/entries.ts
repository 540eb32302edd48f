// Entry lists (POST /entries, POST /entries/inbox) and one entry with its content (GET /entries?id=).
import type { EntryDetail, EntryListItem, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface EntryListInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  read?: boolean
  limit: number
  /** Exclusive upper bound despite its name: the page holds items older than this. */
  publishedAfter?: string
  isCollection?: boolean
  withContent?: boolean
}

export async function listEntries(input: EntryListInput, signal?: AbortSignal): Promise<EntryListItem[]> {
  const answer = await request<Ok<EntryListItem[]>>("/entries", { method: "POST", body: input, signal })
  return answer.data ?? []
}

export async function listInboxEntries(
  input: { inboxId: string; read?: boolean; limit: number; publishedAfter?: string },
  signal?: AbortSignal,
): Promise<EntryListItem[]> {
  const answer = await request<Ok<EntryListItem[]>>("/entries/inbox", { method: "POST", body: input, signal })
  return answer.data ?? []
}

export async function getEntry(id: string, signal?: AbortSignal): Promise<EntryDetail | null> {
  const answer = await request<Ok<EntryDetail | null>>("/entries", { query: { id }, signal })
  return answer.data ?? null
}
