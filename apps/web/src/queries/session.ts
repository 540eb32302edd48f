// The signed-in user. Fetching the session fills whoami, role and roleEndAt (spec client "Session").

import { useQuery } from "@tanstack/react-query"
import { USER_STALE_MS } from "@tidings/shared"
import { getSession } from "../api/auth.ts"
import { useSessionStore } from "../stores/session-store.ts"
import { queryKeys } from "./keys.ts"

export async function fetchSession() {
  const answer = await getSession()
  useSessionStore.getState().setSession(answer)
  return answer
}

export function useSession() {
  return useQuery({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: USER_STALE_MS })
}
