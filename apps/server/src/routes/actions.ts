// Action rules (GET, PUT /actions): the user's whole rule list is read and replaced at once.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, parse } from "../http.ts"
import { getActions, saveActionRules } from "../services/actions.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const rulesInput = z.object({ rules: z.array(z.unknown()).nullable() })

export function actionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await getActions(deps, userOf(c)))))
    .put("/", async (c) => {
      // Each rule is checked by the service, after the count, so an oversized list is refused before any work.
      const body = parse(rulesInput, await bodyOf(c))
      await saveActionRules(deps, userOf(c), body.rules ?? [])
      return c.json({ code: 0 })
    })
}
