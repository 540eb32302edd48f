// Data: GET /data/g exports the caller's data; POST /data/g is the SDK's analytics proxy, answered 204 and dropped.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { exportUserData } from "../services/data.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function dataRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get("/g", async (c) => c.json(ok(await exportUserData(deps, userOf(c)))))
      // Tidings collects no analytics: the body is not even read.
      .post("/g", (c) => c.body(null, 204))
  )
}
