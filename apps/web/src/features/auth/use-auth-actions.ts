// Sign in, sign up and sign out, each followed by a session refresh (spec client "Session"). After sign-out the
// whole query cache goes: the next user must not see the last one's data.
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query"
import type { SessionAnswer } from "@tidings/shared"
import { type SecondFactor, signInEmail, signOut, signUpEmail, verifySecondFactor } from "../../api/auth.ts"
import { sessionChanged } from "../../api/request.ts"
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

/** The password was right and the account has two-factor on: the sign-in waits for a code. */
export interface TwoFactorChallenge {
  twoFactorMethods: string[]
}

export function useSignIn(mode: "sign-in" | "sign-up") {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ email, password, name }: Credentials): Promise<SessionAnswer | null | TwoFactorChallenge> => {
      if (mode === "sign-up") await signUpEmail({ email: email.trim(), password, name: signUpName(name, email) })
      else {
        const answer = (await signInEmail({ email: email.trim(), password })) as
          | { twoFactorRedirect?: boolean; twoFactorMethods?: string[] }
          | undefined
        if (answer?.twoFactorRedirect) return { twoFactorMethods: answer.twoFactorMethods ?? ["totp"] }
      }
      return finishSignIn(queryClient, mode)
    },
  })
}

/** The sign-in's second step: a code from the authenticator app, a mailed code, or a backup code. */
export function useSecondFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { factor: SecondFactor; code: string; trustDevice: boolean }) => {
      await verifySecondFactor(input.factor, input.code.replace(/\s+/g, ""), input.trustDevice)
      return finishSignIn(queryClient, "sign-in")
    },
  })
}

async function finishSignIn(queryClient: QueryClient, mode: "sign-in" | "sign-up") {
  // The browser holds the new user's cookie from here: what calls sent before answer is the last session's.
  sessionChanged()
  // Data cached for an earlier user must not leak into this session.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
  const session = await fetchSession()
  queryClient.setQueryData(queryKeys.session, session)
  if (session) track(mode === "sign-up" ? "register" : "user_login")
  return session
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => signOut(),
    onSuccess: () => forgetSession(queryClient),
  })
}

/** After sign-out or deleting the account: nothing of the last user stays in the cache. */
export function forgetSession(queryClient: QueryClient) {
  sessionChanged()
  queryClient.clear()
  queryClient.setQueryData(queryKeys.session, null)
  useSessionStore.getState().removeUser()
}
