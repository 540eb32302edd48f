// Which page origins may call the API with cookies (CORS) and sign in (better-auth's origin check), and what to
// tell someone whose page is not one of them.
import type { Config } from "../config.ts"
import { AppError, ErrorCode } from "../errors.ts"

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"]

/**
 * BASE_URL's origin and CORS_ORIGINS. With BASE_URL unset the server only knows its port, and a self-hoster may open
 * it as localhost, 127.0.0.1 or [::1]: all three are the same machine, so all three are trusted.
 */
export function trustedOrigins(config: Config): string[] {
  const base = new URL(config.BASE_URL)
  const own = config.baseUrlSet
    ? [base.origin]
    : LOOPBACK_NAMES.map((host) => `${base.protocol}//${host}${base.port ? `:${base.port}` : ""}`)
  return [...new Set([...own, ...config.CORS_ORIGINS])]
}

/**
 * better-auth answers an untrusted page origin with a bare "Invalid origin"; this turns that answer into the
 * catalogue's 1004 with what to set. Other answers pass through unchanged.
 */
export async function explainOriginRefusal(res: Response, req: Request, config: Config): Promise<Response> {
  if (res.status !== 403) return res
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: string } | undefined
  if (body?.code !== "INVALID_ORIGIN") return res
  const origin = req.headers.get("origin") ?? req.headers.get("referer") ?? "(none)"
  // The sign-in form shows the message, so the message itself says what to do.
  const error = new AppError(ErrorCode.NoPermission, {
    message: `Invalid origin ${origin}: set BASE_URL to the address you open Tidings at, or add it to CORS_ORIGINS`,
    reason:
      `This page's origin ${origin} is not trusted by the server (trusted: ${trustedOrigins(config).join(", ")}). ` +
      "Open Tidings at one of those addresses, set BASE_URL to the address you open it at, " +
      "or add the origin to CORS_ORIGINS.",
  })
  return Response.json(error.toBody(), { status: 403 })
}
