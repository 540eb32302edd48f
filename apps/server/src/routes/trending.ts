// Trending over a window (range: 1d, 3d, 7d, 30d; without it, all time): GET /trending/feeds (the SDK's call: what
// other people here follow publicly, as recommendations), and GET /trending/entries and /trending/users (what is read
// here, and whose lists and claimed feeds gain followers and readers). Only counts come back, never who.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { pageLimit, parse, queryOf, view } from "../http.ts"
import { trendingEntries, trendingFeeds, trendingUsers } from "../services/discover.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export const trendingRange = z.enum(["1d", "3d", "7d", "30d"])

const trendingQuery = z.object({
  language: z.enum(["eng", "cmn"]).optional(),
  view: view.optional(),
  range: trendingRange.optional(),
  limit: pageLimit.optional(),
})

const windowQuery = z.object({ range: trendingRange.optional(), view: view.optional(), limit: pageLimit.optional() })

export function trendingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/feeds", async (c) => c.json(ok(await trendingFeeds(deps, userOf(c), parse(trendingQuery, queryOf(c))))))
    .get("/entries", async (c) => c.json(ok(await trendingEntries(deps, parse(windowQuery, queryOf(c))))))
    .get("/users", async (c) =>
      c.json(ok(await trendingUsers(deps, parse(windowQuery.omit({ view: true }), queryOf(c))))),
    )
}
