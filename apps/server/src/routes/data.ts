// Data: GET /data/g streams the caller's data export; POST /data/g imports such a document, or is the SDK's
// analytics sink (a body without `version`), answered 204 and dropped.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { bodyOf } from "../http.ts"
import type { Jobs } from "../jobs/index.ts"
import { exportUserDataStream } from "../services/data.ts"
import { importUserData } from "../services/data-import.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function dataRoutes(deps: Deps, jobs: Jobs) {
  return new Hono<AppEnv>()
    .get("/g", (c) => {
      return c.body(exportUserDataStream(deps, userOf(c)), 200, { "content-type": "application/json; charset=utf-8" })
    })
    .post("/g", async (c) => {
      // Tidings collects no analytics: a beacon (not JSON) or a body without `version` is dropped.
      if (!/\bjson\b/i.test(c.req.header("content-type") ?? "")) return c.body(null, 204)
      const body = await bodyOf(c)
      if (!("version" in body)) return c.body(null, 204)
      return c.json(ok(await importUserData(deps, c.get("session"), jobs.queue, body)))
    })
}
