import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, nonEmptyList, parse, queryOf, view } from "../http.ts"
import { deleteCategory, getCategories, renameCategory } from "../services/categories.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function categoryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(z.object({ view: view.optional() }), queryOf(c))
      return c.json(ok(await getCategories(deps, userOf(c), q.view)))
    })
    .patch("/", async (c) => {
      const body = parse(z.object({ feedIdList: nonEmptyList, category: z.string().max(200) }), await bodyOf(c))
      await renameCategory(deps, userOf(c), body.feedIdList, body.category)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      const schema = z.object({ feedIdList: nonEmptyList, deleteSubscriptions: boolish.default(false) })
      const body = parse(schema, await bodyOf(c))
      await deleteCategory(deps, userOf(c), body.feedIdList, body.deleteSubscriptions)
      return c.json({ code: 0 })
    })
}
