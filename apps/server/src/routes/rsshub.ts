// Own RSSHub instances, at the official SDK's /rsshub paths: add or change (POST /), list, one (GET /?id=),
// delete (DELETE / with a JSON body), use (POST /use) and status (GET /status, optionally ?id= to probe that one).
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, intIn, parse, queryOf } from "../http.ts"
import {
  getInstance,
  instanceStatus,
  listInstances,
  removeInstance,
  saveInstance,
  useInstance,
} from "../services/rsshub-instances.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const saveBody = z.object({
  id: id.optional(),
  baseUrl: z.string().trim().min(1).max(2000),
  accessKey: z.string().max(500).nullable().optional(),
  description: z.string().trim().max(500).nullable().optional(),
  userLimit: intIn(1, 1_000_000).nullable().optional(),
})
// The SDK's use carries durationInMonths and TOTPCode for paid instances; every instance here is free.
const useBody = z.object({ id: id.nullable() })
const idQuery = z.object({ id })
const statusQuery = z.object({ id: id.optional() })

export function rsshubRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/", async (c) => c.json(ok(await saveInstance(deps, c.get("session"), parse(saveBody, await bodyOf(c))))))
    .get("/list", async (c) => c.json(ok(await listInstances(deps, userOf(c)))))
    .get("/status", async (c) => {
      const query = parse(statusQuery, queryOf(c))
      return c.json(ok(await instanceStatus(deps, userOf(c), query.id)))
    })
    .post("/use", async (c) => {
      await useInstance(deps, userOf(c), parse(useBody, await bodyOf(c)).id)
      return c.json(ok(null))
    })
    .get("/", async (c) => c.json(ok(await getInstance(deps, userOf(c), parse(idQuery, queryOf(c)).id))))
    .delete("/", async (c) => {
      await removeInstance(deps, userOf(c), parse(idQuery, await bodyOf(c)).id)
      return c.json(ok(null))
    })
}
