// CORS for the origins in CORS_ORIGINS (and BASE_URL's): preflights answered here, and the allow headers added to
// the finished answer. Nothing touches the answer before the handler has made it: Hono's own cors middleware
// does, which turns every JSON answer into a stream and costs each request a trip through web streams.
import type { MiddlewareHandler } from "hono"

export interface CorsOptions {
  origins: Set<string>
  allowHeaders: string[]
  allowMethods: string[]
  maxAgeSeconds: number
}

export function cors(options: CorsOptions): MiddlewareHandler {
  const allowHeaders = options.allowHeaders.join(",")
  const allowMethods = options.allowMethods.join(",")
  return async (c, next) => {
    const origin = c.req.header("origin")
    const allowed = origin && options.origins.has(origin) ? origin : undefined
    if (c.req.method === "OPTIONS") {
      const headers = new Headers({ vary: "Origin, Access-Control-Request-Headers" })
      if (allowed) {
        headers.set("access-control-allow-origin", allowed)
        headers.set("access-control-allow-credentials", "true")
        headers.set("access-control-allow-methods", allowMethods)
        headers.set("access-control-allow-headers", allowHeaders)
        headers.set("access-control-max-age", String(options.maxAgeSeconds))
      }
      return new Response(null, { status: 204, headers })
    }
    await next()
    const headers = c.res.headers
    headers.append("vary", "Origin")
    if (allowed) {
      headers.set("access-control-allow-origin", allowed)
      headers.set("access-control-allow-credentials", "true")
    }
  }
}
