// Integrations: POST /integrations/relay sends one request to a service the user saves entries to (Readeck, Outline,
// a custom endpoint…) on behalf of the signed-in browser, for when browser fetch is off or the service answers no CORS.
import { RELAY_MAX_BODY_BYTES, RELAY_METHODS } from "@tidings/shared"
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse } from "../http.ts"
import { RelayError, relayRequest } from "../reader/relay.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, "Not a valid header name")
// A header value may not break the request apart (CR, LF, NUL).
const headerValue = z
  .string()
  .max(8192)
  .regex(/^[^\r\n\0]*$/, "Not a valid header value")

const relayBody = z.object({
  method: z.enum(RELAY_METHODS),
  url: z
    .string()
    .max(4096)
    .refine((url) => /^https?:$/.test(URL.canParse(url) ? new URL(url).protocol : ""), "Not an http or https URL"),
  headers: z
    .record(headerName, headerValue)
    .refine((headers) => Object.keys(headers).length <= 50, "At most 50 headers")
    .optional(),
  body: z
    .string()
    .refine((body) => Buffer.byteLength(body) <= RELAY_MAX_BODY_BYTES, "The body is larger than 512 KiB")
    .optional(),
})

/** Relayed requests one user may have waiting at once: saving an entry needs one or two, a loop of them is refused. */
export const RELAY_PER_USER = 4

export function integrationRoutes(deps: Deps) {
  const inFlight = new Map<string, number>()
  return new Hono<AppEnv>().post("/relay", async (c) => {
    const input = parse(relayBody, await c.req.json().catch(() => undefined))
    const userId = userOf(c)
    const busy = inFlight.get(userId) ?? 0
    if (busy >= RELAY_PER_USER)
      throw new AppError(ErrorCode.Lock, { reason: `At most ${RELAY_PER_USER} relayed requests at a time` })
    inFlight.set(userId, busy + 1)
    // The host only: paths, queries, headers and bodies carry the user's tokens.
    const fields = { userId, method: input.method, host: new URL(input.url).host }
    try {
      const answer = await relayRequest(input, { allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK })
      deps.log.debug("integration relayed", { ...fields, status: answer.status })
      return c.json(ok(answer))
    } catch (error) {
      if (!(error instanceof RelayError)) throw error
      deps.log.info("integration relay failed", { ...fields, error: error.message })
      throw new AppError(ErrorCode.UnprocessableContent, { reason: error.message })
    } finally {
      const left = (inFlight.get(userId) ?? 1) - 1
      if (left) inFlight.set(userId, left)
      else inFlight.delete(userId)
    }
  })
}
