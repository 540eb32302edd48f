// Read histories: GET /entries/:id/read-histories and the SDK's GET /entries/read-histories/:id (?page=&size=).
import type { Context } from "hono"
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { id, intIn, parse, queryOf } from "../http.ts"
import { entryReadHistories, READ_HISTORY_DEFAULT_SIZE, READ_HISTORY_MAX_SIZE } from "../services/read-histories.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const pageQuery = z.object({
  page: intIn(1, 10_000).default(1),
  size: intIn(1, READ_HISTORY_MAX_SIZE).default(READ_HISTORY_DEFAULT_SIZE),
})

export function readHistoryRoutes(deps: Deps) {
  const handler = async (c: Context<AppEnv>) => {
    const entryId = parse(id, c.req.param("id"))
    const q = parse(pageQuery, queryOf(c))
    return c.json(ok(await entryReadHistories(deps, userOf(c), entryId, q.page, q.size)))
  }
  return new Hono<AppEnv>().get("/:id/read-histories", handler).get("/read-histories/:id", handler)
}
