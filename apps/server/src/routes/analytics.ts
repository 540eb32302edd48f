// POST /analytics/events: the web client's first-party usage events (spec client §9), batched; sent only while the
// user's sendAnonymousData is on, and stored only then. GET /admin/analytics: the admins' daily dashboard.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, intIn, parse, queryOf } from "../http.ts"
import { ingestUsage, isTrackedCode, usageDashboard } from "../services/analytics.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const param = z.union([z.string().max(500), z.number(), z.boolean()])

// The spec's payload: client id, user id, events with their code and session id, user properties. Only the codes are
// kept; the rest is checked so that a malformed batch is refused whole.
const batch = z.object({
  client_id: z.string().min(1).max(128),
  user_id: z.string().max(128).optional(),
  events: z
    .array(
      z.object({
        name: z.string().min(1).max(64),
        params: z
          .object({
            event_code: z.number().int().refine(isTrackedCode, "Not one of the tracked event codes (1000–4000)"),
            session_id: z.string().min(1).max(128),
          })
          .catchall(param),
      }),
    )
    .min(1)
    .max(100),
  user_properties: z.record(z.string().max(64), z.object({ value: z.string().max(200) })).optional(),
})

export function analyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().post("/events", async (c) => {
    const body = parse(batch, await bodyOf(c))
    return c.json(ok({ stored: await ingestUsage(deps, userOf(c), body) }))
  })
}

const dashboardQuery = z.object({ days: intIn(1, 90).optional() })

export function adminAnalyticsRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const q = parse(dashboardQuery, queryOf(c))
    return c.json(ok(await usageDashboard(deps, c.get("session"), q.days ?? 30)))
  })
}
