// /feed-outputs: the signed-in user's published feeds (list, create, revoke); /out/*: the documents themselves,
// which feed readers fetch without a session (the token in the path is the permission).
import { createHash } from "node:crypto"
import { type Context, Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse } from "../http.ts"
import {
  createFeedOutput,
  FEED_OUTPUT_KINDS,
  publicSubscriptionsOpml,
  renderFeedOutput,
  renderListFeed,
  revokeFeedOutput,
  userFeedOutputs,
} from "../services/feed-outputs.ts"
import { FEED_CONTENT_TYPES, type FeedFormat } from "../services/feed-render.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const createInput = z.object({ kind: z.enum(FEED_OUTPUT_KINDS), target: z.string().max(256).default("") })
const revokeInput = z.object({ id })
const FILES: Record<string, FeedFormat> = { "rss.xml": "rss", "atom.xml": "atom", "feed.json": "json" }

/** Where the documents live: the configured public address, else the one this request came to. */
function originOf(deps: Deps, c: Context) {
  return deps.config.BASE_URL ? new URL(deps.config.BASE_URL).origin : new URL(c.req.url).origin
}

export function feedOutputRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await userFeedOutputs(deps, userOf(c), originOf(deps, c)))))
    .post("/", async (c) => {
      const body = parse(createInput, await bodyOf(c))
      return c.json(ok(await createFeedOutput(deps, userOf(c), body, originOf(deps, c))))
    })
    .delete("/", async (c) => {
      const body = parse(revokeInput, await bodyOf(c))
      await revokeFeedOutput(deps, userOf(c), body.id)
      return c.json({ code: 0 })
    })
}

/** A document with a validator, so a reader polling an unchanged feed gets 304 and no body. */
function document(c: Context, body: string, contentType: string, cacheControl: string) {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`
  const headers = { etag, "cache-control": cacheControl, "x-content-type-options": "nosniff" }
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers)
  return c.body(body, 200, { ...headers, "content-type": contentType })
}

function formatOf(file: string): FeedFormat | undefined {
  return Object.hasOwn(FILES, file) ? FILES[file] : undefined
}

export function feedOutRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/lists/:listId/:file", async (c) => {
      const format = formatOf(c.req.param("file"))
      if (!format) return c.notFound()
      const listId = parse(id, c.req.param("listId"))
      const body = await renderListFeed(deps, listId, format, originOf(deps, c))
      return document(c, body, FEED_CONTENT_TYPES[format], "public, max-age=300")
    })
    .get("/users/:userId/subscriptions.opml", async (c) => {
      const body = await publicSubscriptionsOpml(deps, parse(id, c.req.param("userId")))
      return document(c, body, "text/x-opml; charset=utf-8", "public, max-age=300")
    })
    .get("/:token/:file", async (c) => {
      const format = formatOf(c.req.param("file"))
      if (!format) return c.notFound()
      const token = parse(z.string().min(16).max(64), c.req.param("token"))
      const body = await renderFeedOutput(deps, token, format, originOf(deps, c))
      // Personal: shared caches must not keep it, and a revoked URL stops answering within minutes at most.
      return document(c, body, FEED_CONTENT_TYPES[format], "private, max-age=300")
    })
}
