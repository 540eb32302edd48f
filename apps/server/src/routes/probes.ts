// Probes and health: no session, since load balancers and monitors call them. A failed dependency answers 503 with
// what failed, within the probe's time box.
import { type Context, Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse, queryOf } from "../http.ts"
import type { Jobs } from "../jobs/index.ts"
import { ProbeFailure, probeDatabase, probeQueue, probeRedis, probeRsshub } from "../services/probes.ts"
import { type AppEnv, ok } from "./env.ts"

/** The probe's answer, or 503 with the failure (an error from the catalogue, the failure as its reason). */
async function answer(c: Context<AppEnv>, probe: () => Promise<unknown>) {
  try {
    return c.json(ok(await probe()))
  } catch (error) {
    if (!(error instanceof ProbeFailure)) throw error
    return c.json(new AppError(ErrorCode.InternalError, { reason: error.message }).toBody(), 503)
  }
}

const rsshubProbeInput = z.object({ namespace: z.string().max(100).optional(), route: z.string().max(500).optional() })

export function probeRoutes(deps: Deps, jobs: Jobs) {
  return new Hono<AppEnv>()
    .get("/postgresql", (c) => answer(c, () => probeDatabase(deps)))
    .get("/redis", (c) => answer(c, () => probeRedis(deps, jobs)))
    .get("/bullmq", async (c) => c.json(ok(await probeQueue(jobs))))
    .get("/rsshub", async (c) => {
      const q = parse(rsshubProbeInput, queryOf(c))
      return c.json(ok(await probeRsshub(deps, q)))
    })
}

/**
 * GET /health is readiness: 200 only while the database answers within a second, so a load balancer stops sending
 * requests this process cannot serve. GET /health/live is liveness: 200 while the process runs, whatever its
 * dependencies do, so an orchestrator does not restart a process that is only waiting for its database.
 */
export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", (c) => answer(c, async () => ({ status: "ok", database: await probeDatabase(deps) })))
    .get("/live", (c) => c.json(ok({ status: "ok" })))
}
