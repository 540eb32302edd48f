// The admin screen's server state: flags (a change refreshes the list, its stats and the admin's own session, whose
// effective flags may change), and the kept mails.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  cleanEntries,
  decideAchievementAudit,
  getFlagStats,
  listAchievementAudits,
  listFeatureFlags,
  listRecentMails,
  mintPower,
  overrideFeatureFlag,
  updateFeatureFlag,
} from "../api/admin.ts"
import { queryKeys } from "./keys.ts"

export const useFeatureFlags = () => useQuery({ queryKey: queryKeys.adminFlags, queryFn: listFeatureFlags })

export const useFlagStats = (name: string) =>
  useQuery({ queryKey: queryKeys.adminFlagStats(name), queryFn: () => getFlagStats(name) })

export const useRecentMails = () => useQuery({ queryKey: queryKeys.adminMails, queryFn: listRecentMails })

function useFlagMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.adminFlags }),
        client.invalidateQueries({ queryKey: queryKeys.session }),
      ]),
  })
}

export const useUpdateFeatureFlag = () => useFlagMutation(updateFeatureFlag)
export const useOverrideFeatureFlag = () => useFlagMutation(overrideFeatureFlag)
export const useCleanEntries = () => useMutation({ mutationFn: cleanEntries })
export const useMintPower = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: mintPower,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.walletRoot }),
  })
}

export const useAchievementAudits = () => useQuery({ queryKey: queryKeys.adminAudits, queryFn: listAchievementAudits })

export const useDecideAchievementAudit = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: decideAchievementAudit,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.adminAudits }),
  })
}
