// Lists (/lists): the owner's lists and their feeds, one list as anyone sees it, and following a list.
import type { Feed, ListDetail, ListTarget, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface ListFields {
  title: string
  description: string | null
  image: string | null
  view: number
  fee: number
}

/** The caller's own lists, each with its feeds (GET /lists/list with no userId). */
export async function listOwnedLists(): Promise<ListTarget[]> {
  const answer = await request<Ok<ListTarget[]>>("/lists/list")
  return answer.data ?? []
}

export async function getList(listId: string): Promise<ListDetail> {
  const answer = await request<Ok<ListDetail>>("/lists", { query: { listId } })
  return answer.data
}

export async function createList(fields: ListFields): Promise<ListTarget> {
  const answer = await request<Ok<ListTarget>>("/lists", { method: "POST", body: fields })
  return answer.data
}

export function updateList(listId: string, fields: Partial<ListFields>): Promise<unknown> {
  return request("/lists", { method: "PATCH", body: { listId, ...fields } })
}

/** Refused with 8004 while anyone else follows the list. */
export function deleteList(listId: string): Promise<unknown> {
  return request("/lists", { method: "DELETE", body: { listId } })
}

export async function addFeedsToList(listId: string, feedIds: string[]): Promise<Feed[]> {
  const answer = await request<Ok<Feed[]>>("/lists/feeds", { method: "POST", body: { listId, feedIds } })
  return answer.data ?? []
}

/**
 * A feed by its address goes in through the OPML import, the one call that takes a URL: adding by id only takes
 * feeds someone already follows publicly, while whoever knows an address may follow it.
 */
export async function addFeedUrlToList(listId: string, url: string): Promise<Feed[]> {
  const escaped = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")
  const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline type="rss" xmlUrl="${escaped}"/></body></opml>`
  const form = new FormData()
  form.set("listId", listId)
  form.set("file", new Blob([opml], { type: "text/x-opml" }), "feed.opml")
  const answer = await request<Ok<Feed[]>>("/lists/import", { method: "POST", body: form })
  return answer.data ?? []
}

export function removeFeedFromList(listId: string, feedId: string): Promise<unknown> {
  return request("/lists/feeds", { method: "DELETE", body: { listId, feedId } })
}

/** Following a list: POST /subscriptions with its id (the answer is the plain create shape, not enveloped). */
export function subscribeToList(listId: string, view: number): Promise<unknown> {
  return request("/subscriptions", { method: "POST", body: { listId, view } })
}

export interface PublicProfile {
  id: string
  name: string | null
  handle: string | null
  image: string | null
}

export async function getProfile(id: string): Promise<PublicProfile | null> {
  const answer = await request<Ok<PublicProfile | null>>("/profiles", { query: { id }, quiet: true })
  return answer.data ?? null
}
