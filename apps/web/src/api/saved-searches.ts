// Saved searches (/saved-searches): a titled query in the search language, shown in the sidebar with its unread
// count; its timeline is POST /entries with `searchId`, and mark-all-read is POST /reads/all with `searchId`.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface SavedSearch {
  id: string
  title: string
  query: string
  createdAt: string
  /** Unread matches; the server stops counting at 1000. */
  unread: number
}

/** The server's count stops here: shown as "1000+". */
export const SAVED_SEARCH_COUNT_CAP = 1000

export async function listSavedSearches(signal?: AbortSignal): Promise<SavedSearch[]> {
  return (await request<Ok<SavedSearch[]>>("/saved-searches", { signal })).data ?? []
}

export async function createSavedSearch(input: { title: string; query: string }): Promise<SavedSearch> {
  return (await request<Ok<SavedSearch>>("/saved-searches", { method: "POST", body: input })).data
}

export async function updateSavedSearch(input: { id: string; title?: string; query?: string }): Promise<SavedSearch> {
  return (await request<Ok<SavedSearch>>("/saved-searches", { method: "PATCH", body: input })).data
}

export function deleteSavedSearch(id: string): Promise<unknown> {
  return request("/saved-searches", { method: "DELETE", body: { id } })
}
