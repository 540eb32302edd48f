// GET /plan: the caller's role, its end, and what each role may do here (settings › plan). No payments are taken.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { planOf } from "../services/plan.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function planRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/", async (c) => c.json(ok(await planOf(deps, userOf(c)))))
}
