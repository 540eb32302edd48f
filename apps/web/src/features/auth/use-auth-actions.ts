// Sign in, sign up and sign out, each followed by a session refresh (spec client "Session"). After sign-out the
// whole query cache goes: the next user must not see the last one's data.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { signInEmail, signOut, signUpEmail } from "../../api/auth.ts"
import { track } from "../../lib/analytics.ts"
import { queryKeys } from "../../queries/keys.ts"
import { fetchSession } from "../../queries/session.ts"
import { useSessionStore } from "../../stores/session-store.ts"
import { signUpName } from "./credentials.ts"

export interface Credentials {
  email: string
  password: string
  name: string
}

export function useSignIn(mode: "sign-in" | "sign-up") {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ email, password, name }: Credentials) => {
      if (mode === "sign-up") await signUpEmail({ email: email.trim(), password, name: signUpName(name, email) })
      else await signInEmail({ email: email.trim(), password })
      // Data cached for an earlier user must not leak into this session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
      const session = await fetchSession()
      queryClient.setQueryData(queryKeys.session, session)
      if (session) track(mode === "sign-up" ? "register" : "user_login")
      return session
    },
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => signOut(),
    onSuccess: () => {
      queryClient.clear()
      queryClient.setQueryData(queryKeys.session, null)
      useSessionStore.getState().removeUser()
    },
  })
}
