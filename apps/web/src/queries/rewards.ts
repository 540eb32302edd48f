// Rewards as server state: achievements and the airdrop live under the wallet's query root, so a claim refreshes
// the balance, the transactions and the rewards together.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  claimAchievement,
  claimAirdrop,
  getAirdrop,
  getReferrals,
  listAchievements,
  sendAchievementProof,
} from "../api/rewards.ts"
import { queryKeys } from "./keys.ts"

export const useAchievements = () => useQuery({ queryKey: queryKeys.achievements, queryFn: listAchievements })

export const useAirdrop = () => useQuery({ queryKey: queryKeys.airdrop, queryFn: getAirdrop })

export const useReferrals = () => useQuery({ queryKey: queryKeys.referrals, queryFn: getReferrals })

function useRewardMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.walletRoot }) })
}

export const useClaimAchievement = () => useRewardMutation(claimAchievement)
export const useClaimAirdrop = () => useRewardMutation(claimAirdrop)
export const useSendAchievementProof = () => useRewardMutation(sendAchievementProof)
