// The Hono environment every route file shares: the caller's session, set by the auth middleware.
import type { Context } from "hono"
import type { SessionInfo } from "../services/session.ts"

export interface AppEnv {
  Variables: { session: SessionInfo }
}

export function userOf(c: Context<AppEnv>): string {
  return c.get("session").userId
}

export const ok = <T>(data: T) => ({ code: 0 as const, data })

/** The success envelope around data that is already JSON text (built by the database). */
export function okJson(c: Context, dataJson: string) {
  return c.body(`{"code":0,"data":${dataJson}}`, 200, { "content-type": "application/json" })
}
