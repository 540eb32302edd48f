// The POWER wallet as server state: every movement (claim, tip, withdrawal) refreshes the wallet, the claim state,
// the transactions and the ranking together, since one movement changes all of them.
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  boostFeed,
  claimDaily,
  createWallet,
  getBoostLevel,
  getClaimCheck,
  getRanking,
  getWallet,
  listTransactions,
  type PowerTransaction,
  requestWithdrawal,
  sendTip,
  TRANSACTION_PAGE,
} from "../api/wallets.ts"
import { track } from "../lib/analytics.ts"
import { queryKeys } from "./keys.ts"

export const useWallet = () => useQuery({ queryKey: queryKeys.wallet, queryFn: getWallet })

export const useClaimCheck = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.walletClaim, queryFn: getClaimCheck, enabled })

export const useRanking = () => useQuery({ queryKey: queryKeys.walletRanking, queryFn: getRanking })

export const useTransactions = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: queryKeys.walletTransactions,
    queryFn: ({ pageParam }) => listTransactions(pageParam),
    initialPageParam: undefined as PowerTransaction | undefined,
    getNextPageParam: (last) => (last.length < TRANSACTION_PAGE ? undefined : last.at(-1)),
    enabled,
  })

const refreshWallet = (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.walletRoot })

/** `sent`: the anonymous usage event (spec client §9) a success is counted as, if any. */
function useWalletMutation<T, R>(mutationFn: (input: T) => Promise<R>, sent?: () => void) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSuccess: () => sent?.(), onSettled: () => refreshWallet(client) })
}

export const useCreateWallet = () => useWalletMutation(createWallet)
export const useClaimDaily = () => useWalletMutation(claimDaily, () => track("daily_reward_claimed"))
export const useSendTip = () => useWalletMutation(sendTip, () => track("tip_sent"))
export const useWithdraw = () => useWalletMutation(requestWithdrawal)

export const useBoostLevel = (feedId: string) =>
  useQuery({ queryKey: queryKeys.feedBoost(feedId), queryFn: () => getBoostLevel(feedId) })

export function useBoostFeed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: boostFeed,
    onSuccess: () => track("boost_sent"),
    onSettled: (_data, _error, input) =>
      Promise.all([refreshWallet(client), client.invalidateQueries({ queryKey: queryKeys.feedBoost(input.feedId) })]),
  })
}
