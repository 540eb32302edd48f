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

function useWalletMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => refreshWallet(client) })
}

export const useCreateWallet = () => useWalletMutation(createWallet)
export const useClaimDaily = () => useWalletMutation(claimDaily)
export const useSendTip = () => useWalletMutation(sendTip)
export const useWithdraw = () => useWalletMutation(requestWithdrawal)

export const useBoostLevel = (feedId: string) =>
  useQuery({ queryKey: queryKeys.feedBoost(feedId), queryFn: () => getBoostLevel(feedId) })

export function useBoostFeed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: boostFeed,
    onSettled: (_data, _error, input) =>
      Promise.all([refreshWallet(client), client.invalidateQueries({ queryKey: queryKeys.feedBoost(input.feedId) })]),
  })
}
