// Who is signed in (spec client "Session state"): whoami, role, roleEndAt, and the expired flag a 401 sets.
import type { SessionAnswer, SessionUser } from "@tidings/shared"
import { create } from "zustand"

interface SessionState {
  whoami: SessionUser | null
  role: string | null
  roleEndAt: string | null
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
  expired: false,
  setSession: (answer) =>
    answer
      ? set({ whoami: answer.user, role: answer.role, roleEndAt: answer.roleEndAt, expired: false })
      : set({ whoami: null, role: null, roleEndAt: null }),
  removeUser: () => set({ whoami: null, role: null, roleEndAt: null }),
  markExpired: () => set({ expired: true }),
}))
