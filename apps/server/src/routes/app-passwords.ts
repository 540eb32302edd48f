// App passwords for sync apps (Reeder, NetNewsWire, …): create (the password is in this answer only), list, revoke.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse } from "../http.ts"
import { createAppPassword, getAppPasswords, revokeAppPassword } from "../services/app-passwords.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const createBody = z.object({ name: z.string().trim().min(1).max(100) })

export function appPasswordRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await getAppPasswords(deps, userOf(c)))))
    .post("/", async (c) => {
      const body = parse(createBody, await bodyOf(c))
      return c.json(ok(await createAppPassword(deps, userOf(c), body.name)))
    })
    .delete("/:id", async (c) => {
      await revokeAppPassword(deps, userOf(c), parse(id, c.req.param("id")))
      return c.json({ code: 0 })
    })
}
