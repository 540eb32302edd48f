// Resolves the caller's better-auth session (cookie or bearer token) for the API groups; 401 (code 1000) without one.
import type { UserRole } from "@tidings/shared"
import type { MiddlewareHandler } from "hono"
import type { Auth } from "./auth/index.ts"
import { AppError, ErrorCode } from "./errors.ts"
import type { AppEnv } from "./routes/env.ts"

export function requireSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const found = await auth.api.getSession({ headers: c.req.raw.headers })
    if (!found) throw new AppError(ErrorCode.AuthError)
    c.set("session", {
      userId: found.user.id,
      role: found.role as UserRole,
      feedSubscriptionLimit: found.feedSubscriptionLimit,
    })
    await next()
  }
}
