// Resolves the caller's better-auth session (cookie or bearer token) for the API groups; 401 (code 1000) without one.
import type { UserRole } from "@tidings/shared"
import type { MiddlewareHandler } from "hono"
import type { Auth } from "./auth/index.ts"
import { credentialOf, type SessionCache } from "./auth/session-cache.ts"
import { AppError, ErrorCode } from "./errors.ts"
import type { AppEnv } from "./routes/env.ts"
import type { SessionInfo } from "./services/session.ts"

export function requireSession(auth: Auth, cache: SessionCache): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = c.req.raw.headers
    const lookup = async (): Promise<SessionInfo | undefined> => {
      const found = await auth.api.getSession({ headers })
      if (!found) return undefined
      return { userId: found.user.id, role: found.role as UserRole, feedSubscriptionLimit: found.feedSubscriptionLimit }
    }
    const credential = credentialOf(headers)
    const session = await (credential ? cache.get(credential, lookup) : lookup())
    if (!session) throw new AppError(ErrorCode.AuthError)
    c.set("session", session)
    await next()
  }
}
