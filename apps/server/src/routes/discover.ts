import { type Context, Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, parse, queryOf } from "../http.ts"
import { discover } from "../services/discover.ts"
import { findRoute, listNamespaces, routeAnalytics } from "../services/rsshub.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const discoverBody = z.object({
  keyword: z.string().trim().min(1).max(2048),
  target: z.enum(["feeds", "lists"]).optional(),
  lang: z.string().max(20).optional(),
})
const rsshubQuery = z.object({
  namespace: z.string().max(100).optional(),
  category: z.string().max(100).optional(),
  lang: z.string().max(20).optional(),
})
const routeQuery = z.object({ route: z.string().min(1).max(500) })

export function discoverRoutes(deps: Deps) {
  const route = async (c: Context<AppEnv>) => c.json(ok(await findRoute(deps, parse(routeQuery, queryOf(c)).route)))
  return new Hono<AppEnv>()
    .post("/", async (c) => c.json(ok(await discover(deps, parse(discoverBody, await bodyOf(c)), userOf(c)))))
    .get("/rsshub", async (c) => c.json(ok(await listNamespaces(deps, parse(rsshubQuery, queryOf(c))))))
    .get("/rsshub-route", route)
    .get("/rsshub/route", route)
    .get("/rsshub-analytics", async (c) => c.json(ok(await routeAnalytics(deps))))
}
