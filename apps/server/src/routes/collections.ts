import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse, queryOf, view } from "../http.ts"
import { isStarred, star, unstar } from "../services/collections.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function collectionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(z.object({ entryId: id }), queryOf(c))
      return c.json(ok(await isStarred(deps, userOf(c), q.entryId)))
    })
    .post("/", async (c) => {
      const body = parse(z.object({ entryId: id, view: view.optional() }), await bodyOf(c))
      await star(deps, userOf(c), body.entryId, body.view)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      const body = parse(z.object({ entryId: id }), await bodyOf(c))
      await unstar(deps, userOf(c), body.entryId)
      return c.json({ code: 0 })
    })
}
