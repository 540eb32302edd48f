// Status: GET /status/configs, public (mounted without the session middleware); the client reads it before sign-in.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { pushPublicKey } from "../services/messaging.ts"
import { statusConfigs } from "../services/status.ts"
import { type AppEnv, ok } from "./env.ts"

export function statusRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/configs", async (c) =>
    c.json(ok(statusConfigs(deps.config, await pushPublicKey(deps)))),
  )
}
