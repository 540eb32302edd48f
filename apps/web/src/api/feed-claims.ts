// Feed claims (/feeds/claim): what to publish to prove a feed is yours, the check, and the feeds you own.
import type { Feed, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface ClaimMessage {
  token: string
  description: string
  content: string
  json: string
  xml: string
  meta: string
}

export interface ClaimedFeed {
  feed: Feed
  subscriptionCount: number
  tipAmount: number
}

export async function getClaimMessage(feedId: string): Promise<ClaimMessage> {
  return (await request<Ok<ClaimMessage>>("/feeds/claim/message", { query: { feedId }, quiet: true })).data
}

/** The server re-fetches the feed and its site; a missing token answers 2010, an owned feed 4000. */
export async function verifyClaim(feedId: string): Promise<void> {
  await request("/feeds/claim/challenge", { method: "POST", body: { feedId }, quiet: true })
}

export async function listClaimedFeeds(): Promise<ClaimedFeed[]> {
  return (await request<Ok<ClaimedFeed[]>>("/feeds/claim/list")).data
}
