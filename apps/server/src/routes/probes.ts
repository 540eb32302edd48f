import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { parse, queryOf } from "../http.ts"
import type { Jobs } from "../jobs/index.ts"
import { probeDatabase, probeQueue, probeRedis, probeRsshub } from "../services/probes.ts"
import { type AppEnv, ok } from "./env.ts"

// Probes need no session: load balancers and monitors call them.
export function probeRoutes(deps: Deps, jobs: Jobs) {
  return new Hono<AppEnv>()
    .get("/postgresql", async (c) => c.json(ok(await probeDatabase(deps))))
    .get("/redis", async (c) => c.json(ok(await probeRedis(deps, jobs))))
    .get("/bullmq", async (c) => c.json(ok(await probeQueue(jobs))))
    .get("/rsshub", async (c) => {
      const q = parse(
        z.object({ namespace: z.string().max(100).optional(), route: z.string().max(500).optional() }),
        queryOf(c),
      )
      return c.json(ok(await probeRsshub(deps, q)))
    })
}
