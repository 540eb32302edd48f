// The lists the user follows (GET /subscriptions items with a `lists` key), for the palette. Kept apart from the
// feed subscriptions, whose cache every edit patches, so neither shape leaks into the other.
import { useQuery } from "@tanstack/react-query"
import { SUBSCRIPTION_CACHE_MS } from "@tidings/shared"
import { listListSubscriptions } from "../api/subscriptions.ts"
import { queryKeys } from "./keys.ts"

export const listSubscriptionsKey = queryKeys.listSubscriptions

export function useListSubscriptions(enabled = true) {
  return useQuery({
    queryKey: listSubscriptionsKey,
    queryFn: listListSubscriptions,
    gcTime: SUBSCRIPTION_CACHE_MS,
    enabled,
  })
}
