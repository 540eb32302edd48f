// Trending (GET /trending/feeds): recommendations from what other people here follow publicly.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { pageLimit, parse, queryOf, view } from "../http.ts"
import { trendingFeeds } from "../services/discover.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const trendingQuery = z.object({
  language: z.enum(["eng", "cmn"]).optional(),
  view: view.optional(),
  range: z.enum(["1d", "3d", "7d", "30d"]).optional(),
  limit: pageLimit.optional(),
})

export function trendingRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/feeds", async (c) =>
    c.json(ok(await trendingFeeds(deps, userOf(c), parse(trendingQuery, queryOf(c))))),
  )
}
