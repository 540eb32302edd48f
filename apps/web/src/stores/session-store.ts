// Who is signed in (spec client "Session state"): whoami, role, roleEndAt, and the expired flag a 401 sets.
import type { SessionAnswer, SessionUser } from "@tidings/shared"
import { create } from "zustand"

interface SessionState {
  whoami: SessionUser | null
  role: string | null
  roleEndAt: string | null
  /** The user's effective feature flags, as their session carries them. */
  featureFlags: Record<string, boolean>
  /** Set by a 401: the session the client had is no longer valid. */
  expired: boolean
  setSession: (answer: SessionAnswer | null) => void
  removeUser: () => void
  markExpired: () => void
}

export const useSessionStore = create<SessionState>()((set) => ({
  whoami: null,
  role: null,
  roleEndAt: null,
  featureFlags: {},
  expired: false,
  setSession: (answer) =>
    answer
      ? set({
          whoami: answer.user,
          role: answer.role,
          roleEndAt: answer.roleEndAt,
          featureFlags: answer.featureFlags ?? {},
          expired: false,
        })
      : set({ whoami: null, role: null, roleEndAt: null, featureFlags: {} }),
  removeUser: () => set({ whoami: null, role: null, roleEndAt: null, featureFlags: {} }),
  markExpired: () => set({ expired: true }),
}))

/** Whether a feature flag is on for the signed-in user (an unknown flag is off). */
export const useFeatureFlag = (name: string) => useSessionStore((state) => state.featureFlags[name] ?? false)
