// The /better-auth/* route: better-auth behind what it lacks here — the client's real address for its rate limits,
// a per-account back-off on failed password sign-ins, and catalogue errors that say what to do.
import { createHash } from "node:crypto"
import type { Context } from "hono"
import { withClientAddress } from "../client-address.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode, noSuchCall } from "../errors.ts"
import { clearSignInFailures, findSignInLock, recordSignInFailure } from "../storage/sign-in-failures.ts"
import { TWO_FACTOR_CODE_REQUIRED } from "./accounts.ts"
import type { Auth } from "./index.ts"
import { explainOriginRefusal } from "./origins.ts"

const MAX_LOCK_SECONDS = 3600
/** Auth calls that only create sessions (or read one): they leave the cached ones valid. */
const SESSION_KEEPING = /^\/better-auth\/(sign-in|sign-up|get-session|one-time-token\/generate)\b/

export function authHandler(deps: Deps, auth: Auth) {
  return async (c: Context) => {
    const req = await renamed(withClientAddress(c, deps.config.TRUST_PROXY))
    const guarded =
      deps.config.AUTH_RATE_LIMIT && c.req.method === "POST" && c.req.path === "/better-auth/sign-in/email"
    const res = guarded ? await signInWithBackOff(deps, req, auth) : await auth.handler(req)
    // better-auth's router answers a path it has no endpoint for with an empty 404: the catalogue's unknown call.
    if (res.status === 404 && !(await res.clone().text()).trim()) {
      return Response.json(noSuchCall(c.req.method, c.req.path).toBody(), { status: 404 })
    }
    // Sign-out, revocations, deleting or changing an account: whatever this process remembers of sessions may be stale.
    if (c.req.method === "POST" && !SESSION_KEEPING.test(c.req.path)) deps.sessions.clear()
    const explained = explainRateLimit(await explainOriginRefusal(res, req, deps.config))
    if (c.req.path === "/better-auth/sign-up/email" && deps.config.REQUIRE_EMAIL_VERIFICATION) return uniform(explained)
    return explainTwoFactor(await explainUnverified(explained), c.req.path)
  }
}

/** better-auth's refusals of a second-factor code, as the catalogue's 4007 / 4008 (400, so no client signs out). */
const WRONG_CODE = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE", "OTP_HAS_EXPIRED"])
const CODE_CHECKING = /^\/better-auth\/(two-factor\/verify-|delete-user-custom$)/

async function explainTwoFactor(res: Response, path: string): Promise<Response> {
  if (res.ok || !CODE_CHECKING.test(path)) return res
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined
  const code =
    body?.code === TWO_FACTOR_CODE_REQUIRED
      ? ErrorCode.TwoFactorCodeRequired
      : typeof body?.code === "string" && WRONG_CODE.has(body.code)
        ? ErrorCode.InvalidTwoFactorCode
        : undefined
  if (code === undefined) return res
  const error = new AppError(code)
  // A failed code must still reach the client's cookies (a sign-in challenge can be spent by it).
  const headers = new Headers({ "content-type": "application/json" })
  for (const cookie of res.headers.getSetCookie()) headers.append("set-cookie", cookie)
  return new Response(JSON.stringify(error.toBody()), { status: error.status, headers })
}

/**
 * The catalogue's forget-password is better-auth's request-password-reset, Folo's one-time-token/apply its verify;
 * a mailed verification link carries its token in the path (account-mail.ts), which better-auth reads from the query.
 */
async function renamed(req: Request): Promise<Request> {
  const url = new URL(req.url)
  const verify = /^\/better-auth\/verify-email\/([^/]+)$/.exec(url.pathname)
  if (req.method === "GET" && verify) {
    url.pathname = "/better-auth/verify-email"
    url.searchParams.set("token", decodeURIComponent(verify[1]!))
    // Opened from a mail, the link should land in the app, signed in, rather than on a JSON answer.
    if (!url.searchParams.has("callbackURL")) url.searchParams.set("callbackURL", "/")
    return new Request(url, { headers: req.headers })
  }
  // Folo's one-time-token/apply is the stock plugin's verify.
  if (req.method === "POST" && url.pathname === "/better-auth/one-time-token/apply") {
    url.pathname = "/better-auth/one-time-token/verify"
    return new Request(url, { method: "POST", headers: req.headers, body: await req.arrayBuffer() })
  }
  if (req.method === "POST" && url.pathname === "/better-auth/forget-password") {
    url.pathname = "/better-auth/request-password-reset"
    return new Request(url, { method: "POST", headers: req.headers, body: await req.arrayBuffer() })
  }
  return req
}

/** better-auth's 403 for an unconfirmed address is the catalogue's 1006. */
async function explainUnverified(res: Response): Promise<Response> {
  if (res.status !== 403) return res
  const body = (await res
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined
  if (body?.code !== "EMAIL_NOT_VERIFIED") return res
  const error = new AppError(ErrorCode.EmailNotVerified, {
    reason: "Confirm your address with the link we mailed you; signing in again sends a new one",
  })
  return Response.json(error.toBody(), { status: error.status })
}

/**
 * A successful sign-up answers only what a new and an already registered address share (better-auth's stand-in
 * user for a known address lacks our role fields), so the answer tells nobody which addresses have accounts.
 */
async function uniform(res: Response): Promise<Response> {
  if (!res.ok) return res
  const body = (await res.json()) as { user?: Record<string, unknown> }
  const user = body.user ?? {}
  const shown = ["id", "email", "name", "image", "emailVerified", "createdAt", "updatedAt"]
  return Response.json({ token: null, user: Object.fromEntries(shown.map((k) => [k, user[k] ?? null])) })
}

/**
 * A locked account is refused before its password is checked, so guessing goes no faster by switching addresses.
 * Failures are counted per account (a hash of the e-mail, known or not, so the answer does not reveal which exist).
 */
async function signInWithBackOff(deps: Deps, req: Request, auth: Auth): Promise<Response> {
  const body = (await req
    .clone()
    .json()
    .catch(() => undefined)) as { email?: unknown } | undefined
  if (typeof body?.email !== "string") return auth.handler(req)
  const key = createHash("sha256").update(body.email.trim().toLowerCase()).digest("hex")
  const locked = await findSignInLock(deps.db, key, deps.now())
  if (locked) return tooManyAttempts(locked, deps.now(), "this account")
  const res = await auth.handler(req)
  if (res.ok) await clearSignInFailures(deps.db, key)
  else if (res.status === 401) {
    const policy = {
      failures: deps.config.AUTH_LOCKOUT_FAILURES,
      seconds: deps.config.AUTH_LOCKOUT_SECONDS,
      maxSeconds: MAX_LOCK_SECONDS,
    }
    await recordSignInFailure(deps.db, key, deps.now(), policy)
  }
  return res
}

function tooManyAttempts(until: Date, now: Date, who: string): Response {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  const text = `Too many sign-in attempts for ${who}; try again in ${retryAfter} s`
  // The sign-in form shows the message, so it says when to try again; reason carries the same for other clients.
  const error = new AppError(ErrorCode.Lock, {
    message: text,
    reason: text,
    data: { retryAfter, retryAt: until.toISOString() },
  })
  return Response.json(error.toBody(), { status: 429, headers: { "retry-after": String(retryAfter) } })
}

/** better-auth's per-address limit answers a bare 429; give it the catalogue's shape and a Retry-After. */
function explainRateLimit(res: Response): Response {
  if (res.status !== 429 || res.headers.get("content-type")?.includes("json") !== true) return res
  const seconds = Number(res.headers.get("x-retry-after"))
  if (!Number.isFinite(seconds) || !res.headers.has("x-retry-after")) return res
  const now = new Date()
  return tooManyAttempts(new Date(now.getTime() + seconds * 1000), now, "this address")
}
