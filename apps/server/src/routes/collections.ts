import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse, queryOf, view } from "../http.ts"
import { isStarred, star, unstar } from "../services/collections.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const entryIdInput = z.object({ entryId: id })
const entryIdViewInput = z.object({ entryId: id, view: view.optional() })

export function collectionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(entryIdInput, queryOf(c))
      return c.json(ok(await isStarred(deps, userOf(c), q.entryId)))
    })
    .post("/", async (c) => {
      const body = parse(entryIdViewInput, await bodyOf(c))
      await star(deps, userOf(c), body.entryId, body.view)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      const body = parse(entryIdInput, await bodyOf(c))
      await unstar(deps, userOf(c), body.entryId)
      return c.json({ code: 0 })
    })
}
