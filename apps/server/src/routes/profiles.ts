// Profiles: GET /profiles?id= | ?handle= (one public profile), POST /profiles/batch {ids} (a map of them).
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse, queryOf, stringList } from "../http.ts"
import { getProfile, getProfiles, PROFILE_BATCH_MAX } from "../services/profiles.ts"
import { type AppEnv, ok } from "./env.ts"

const oneQuery = z
  .object({ id: id.optional(), handle: z.string().min(1).max(64).optional() })
  .refine((q) => q.id || q.handle, "id or handle is required")

const batchBody = z.object({ ids: stringList.pipe(z.array(id).max(PROFILE_BATCH_MAX)) })

export function profileRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await getProfile(deps, parse(oneQuery, queryOf(c))))))
    .post("/batch", async (c) => c.json(ok(await getProfiles(deps, parse(batchBody, await bodyOf(c)).ids))))
}
