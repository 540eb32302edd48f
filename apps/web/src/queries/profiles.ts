// Other users' profiles, batched over the spec's 100 ms window and fresh for 5 minutes (spec §9), and what they
// follow publicly.
import { useQuery } from "@tanstack/react-query"
import { USER_STALE_MS, type UserProfile } from "@tidings/shared"
import { getProfileByHandle, getProfilesBatch, listUserLists, listUserSubscriptions } from "../api/profiles.ts"
import { createBatcher } from "../features/profiles/profile-batcher.ts"
import { profileKeys } from "./keys.ts"

export const USER_BATCH_WINDOW_MS = 100

const users = createBatcher<UserProfile>(getProfilesBatch, USER_BATCH_WINDOW_MS)

export { profileKeys }

export function useUserProfile(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.user(userId ?? ""),
    queryFn: () => users.load(userId ?? ""),
    enabled: Boolean(userId),
    staleTime: USER_STALE_MS,
  })
}

export function useProfileByHandle(handle: string | undefined) {
  return useQuery({
    queryKey: profileKeys.handle(handle ?? ""),
    queryFn: () => getProfileByHandle(handle ?? ""),
    enabled: Boolean(handle),
    staleTime: USER_STALE_MS,
    retry: false,
  })
}

export function useUserSubscriptions(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.subscriptions(userId ?? ""),
    queryFn: () => listUserSubscriptions(userId ?? ""),
    enabled: Boolean(userId),
  })
}

export function useUserLists(userId: string | undefined) {
  return useQuery({
    queryKey: profileKeys.lists(userId ?? ""),
    queryFn: () => listUserLists(userId ?? ""),
    enabled: Boolean(userId),
  })
}
