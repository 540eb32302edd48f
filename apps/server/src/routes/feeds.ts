import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, pageLimit, parse, queryOf, stringList } from "../http.ts"
import { claimMessage, listClaims, verifyClaim } from "../services/feed-claims.ts"
import { feedAnalytics, getFeed, refreshNow, resetFeed } from "../services/feed-views.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const idListInput = z.object({ id: stringList })

const getQuery = z.object({
  id: id.optional(),
  url: z.string().min(1).max(2048).optional(),
  entriesLimit: pageLimit.optional(),
})
const byId = z.object({ id })
const byFeedId = z.object({ feedId: id })

export function feedRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(getQuery, queryOf(c))
      return c.json(ok(await getFeed(deps, userOf(c), q)))
    })
    .on(["GET", "POST"], "/analytics", async (c) => {
      const input = c.req.method === "GET" ? queryOf(c) : await bodyOf(c)
      const { id: ids } = parse(idListInput, input)
      return c.json(ok(await feedAnalytics(deps, userOf(c), ids)))
    })
    // Claims, as the SDK has them: the message says what to publish, the challenge re-fetches and checks it.
    .get("/claim/message", async (c) => {
      const { feedId } = parse(byFeedId, queryOf(c))
      return c.json(ok(await claimMessage(deps, userOf(c), feedId)))
    })
    .post("/claim/challenge", async (c) => {
      const { feedId } = parse(byFeedId, await bodyOf(c))
      return c.json(ok(await verifyClaim(deps, userOf(c), feedId)))
    })
    .get("/claim/list", async (c) => c.json(ok(await listClaims(deps, userOf(c)))))
  // The SDK calls these with GET; the spec names POST. Both are served.
  for (const [path, action] of [
    ["/refresh", refreshNow],
    ["/reset", resetFeed],
  ] as const) {
    app.on(["GET", "POST"], path, async (c) => {
      const input = c.req.method === "GET" ? queryOf(c) : await bodyOf(c)
      await action(deps, c.get("session"), parse(byId, input).id)
      return c.json(ok(null))
    })
  }
  return app
}
