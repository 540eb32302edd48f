// Who is calling: the parts of the better-auth session that the services' rules depend on.
import type { UserRole } from "@tidings/shared"

export interface SessionInfo {
  userId: string
  role: UserRole
  /** Null means no limit. */
  feedSubscriptionLimit: number | null
}
