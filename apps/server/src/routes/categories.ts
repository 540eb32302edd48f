import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, nonEmptyList, parse, queryOf, view } from "../http.ts"
import { deleteCategory, getCategories, renameCategory } from "../services/categories.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const viewInput = z.object({ view: view.optional() })
const deleteInput = z.object({ feedIdList: nonEmptyList, deleteSubscriptions: boolish.default(false) })
const feedIdListCategoryInput = z.object({ feedIdList: nonEmptyList, category: z.string().max(200) })

export function categoryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(viewInput, queryOf(c))
      return c.json(ok(await getCategories(deps, userOf(c), q.view)))
    })
    .patch("/", async (c) => {
      const body = parse(feedIdListCategoryInput, await bodyOf(c))
      await renameCategory(deps, userOf(c), body.feedIdList, body.category)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      const body = parse(deleteInput, await bodyOf(c))
      await deleteCategory(deps, userOf(c), body.feedIdList, body.deleteSubscriptions)
      return c.json({ code: 0 })
    })
}
