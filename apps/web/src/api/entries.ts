// Entry lists (POST /entries, POST /entries/inbox) and one entry with its content (GET /entries?id=).
import type { EntryDetail, EntryListItem, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface EntryListInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  /** A saved search's timeline: its matches newest first. */
  searchId?: string
  read?: boolean
  limit: number
  /** Exclusive upper bound despite its name: the page holds items older than this. */
  publishedAfter?: string
  isCollection?: boolean
  withContent?: boolean
  aiSort?: boolean
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

/** POST /entries/stream: the content of up to 30 entries, one `{"id","content"}` per line (NDJSON). */
export async function streamEntryContents(ids: string[]): Promise<{ id: string; content: string | null }[]> {
  const text = await request<string>("/entries/stream", { method: "POST", body: { ids }, handleErrors: false })
  if (typeof text !== "string") return []
  return text
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { id: string; content: string | null })
}

/**
 * GET /entries with a search text, for the palette's server results. A server that ignores `keyword` answers
 * with its latest entries; the palette keeps only those that match, so nothing unrelated shows.
 */
/** What GET /entries/search adds to each item: title and snippet as escaped HTML whose only tags are <mark>. */
export interface SearchHighlight {
  title: string
  snippet: string
}

export type SearchItem = EntryListItem & { search: SearchHighlight }

/**
 * GET /entries/search: the server's full-text search over everything the user can see, in its query language
 * (words, "phrases", -word, or; feed:, view:, is:unread / is:read / is:starred, before:, after:), best first.
 */
export async function searchEntries(q: string, signal?: AbortSignal, limit = 20): Promise<SearchItem[]> {
  const answer = await request<Ok<SearchItem[]>>("/entries/search", { query: { q, limit }, signal, quiet: true })
  return answer.data ?? []
}

/** GET /entries/readability: the page's main text, which the server re-extracts when older than 3 days. */
export async function getReadability(id: string, signal?: AbortSignal): Promise<string | null> {
  const answer = await request<Ok<{ content?: string } | null>>("/entries/readability", { query: { id }, signal })
  return answer.data?.content ?? null
}

export interface EntryReader {
  id: string
  handle: string | null
  name: string | null
  image: string | null
}

export interface EntryReadHistories {
  users: Record<string, EntryReader>
  total: number
  entryReadHistories: { userIds: string[]; readCount: number } | null
}

/** The public readers of an entry, most recent first (GET /entries/{id}/read-histories). */
export async function getReadHistories(id: string, size: number, signal?: AbortSignal): Promise<EntryReadHistories> {
  const answer = await request<Ok<EntryReadHistories>>(`/entries/${encodeURIComponent(id)}/read-histories`, {
    query: { size },
    signal,
  })
  return answer.data
}
