// Feed claims as server state: a successful claim refreshes the claimed feeds and the subscriptions (whose feeds
// now show their owner).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { getClaimMessage, listClaimedFeeds, verifyClaim } from "../api/feed-claims.ts"
import { track } from "../lib/analytics.ts"
import { queryKeys } from "./keys.ts"

export const useClaimMessage = (feedId: string) =>
  useQuery({ queryKey: queryKeys.claimMessage(feedId), queryFn: () => getClaimMessage(feedId), retry: false })

export const useClaimedFeeds = () => useQuery({ queryKey: queryKeys.claimedFeeds, queryFn: listClaimedFeeds })

export function useVerifyClaim() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: verifyClaim,
    onSuccess: () => {
      track("feed_claimed")
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.claimedFeeds }),
        client.invalidateQueries({ queryKey: queryKeys.subscriptions }),
      ])
    },
  })
}
