// Published feeds (/feed-outputs): a view, category, list, starred items or inbox as RSS, Atom and JSON Feed at a
// private URL that any feed reader can poll.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export type FeedOutputKind = "view" | "category" | "list" | "starred" | "inbox" | "search"

export interface FeedOutput {
  id: string
  kind: FeedOutputKind
  target: string
  createdAt: string
  urls: { rss: string; atom: string; json: string }
}

export async function listFeedOutputs(): Promise<FeedOutput[]> {
  return (await request<Ok<FeedOutput[]>>("/feed-outputs")).data ?? []
}

export async function createFeedOutput(input: { kind: FeedOutputKind; target: string }): Promise<FeedOutput> {
  return (await request<Ok<FeedOutput>>("/feed-outputs", { method: "POST", body: input })).data
}

export function revokeFeedOutput(id: string): Promise<unknown> {
  return request("/feed-outputs", { method: "DELETE", body: { id } })
}
