// Boosts: paths of the official SDK's boosts module.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse, queryOf } from "../http.ts"
import { boostFeed, feedBoosters, feedBoostLevel } from "../services/boosts.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const feedQuery = z.object({ feedId: id })
// The amount is checked by the service, so a bad one is the catalogue's 4006 rather than a generic 400.
const boostBody = z.object({
  feedId: id,
  amount: z.unknown(),
  idempotencyKey: z.string().min(1).max(128).optional(),
  TOTPCode: z.string().optional(),
})

export function boostRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const { feedId } = parse(feedQuery, queryOf(c))
      return c.json(ok(await feedBoostLevel(deps, userOf(c), feedId)))
    })
    .post("/", async (c) => {
      const body = parse(boostBody, await bodyOf(c))
      const idempotencyKey = (c.req.header("idempotency-key") ?? body.idempotencyKey)?.slice(0, 128)
      return c.json(ok(await boostFeed(deps, userOf(c), { ...body, idempotencyKey })))
    })
    .get("/boosters", async (c) => {
      const { feedId } = parse(feedQuery, queryOf(c))
      return c.json(ok(await feedBoosters(deps, feedId)))
    })
}
