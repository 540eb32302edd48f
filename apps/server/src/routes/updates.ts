// The desktop updater (/updates): public like /status (an updater asks before anyone signs in); see services/updates.ts.
// ?refresh is accepted and changes nothing: the answer is computed, never cached from elsewhere.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { distributionStatus, latestRelease, updateManifest } from "../services/updates.ts"
import { type AppEnv, ok } from "./env.ts"

export function updateRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/releases/latest", (c) => c.json(ok(latestRelease(deps))))
    .get("/distribution/:distribution", (c) => c.json(ok(distributionStatus(c.req.param("distribution")))))
    .get("/:manifestName", (c) =>
      c.body(updateManifest(c.req.param("manifestName")), 200, { "content-type": "text/yaml; charset=utf-8" }),
    )
}
