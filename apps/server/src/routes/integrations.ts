// Integrations: POST /integrations/relay sends one request to a service the user saves entries to (Readeck, Outline,
// a custom endpoint…) on behalf of the signed-in browser, for when browser fetch is off or the service answers no CORS.
import { RELAY_MAX_BODY_BYTES, RELAY_METHODS } from "@tidings/shared"
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { parse } from "../http.ts"
import { createRelay } from "../services/integrations.ts"
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

export function integrationRoutes(deps: Deps) {
  const relay = createRelay()
  return new Hono<AppEnv>().post("/relay", async (c) => {
    const input = parse(relayBody, await c.req.json().catch(() => undefined))
    return c.json(ok(await relay(deps, userOf(c), input)))
  })
}
