import { type Context, Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { bodyOf, boolish, id, intIn, pageLimit, parse, queryOf, stringList, view } from "../http.ts"
import type { Jobs } from "../jobs/index.ts"
import { windowStart } from "../services/discover.ts"
import {
  addFeedsToList,
  createList,
  editList,
  exportListOpml,
  findLists,
  getList,
  importListOpml,
  listAnalytics,
  removeFeedFromList,
  removeList,
  userLists,
} from "../services/lists.ts"
import { type AppEnv, ok, userOf } from "./env.ts"
import { trendingRange } from "./trending.ts"

// Schemas are built once: zod compiles each one on its first use.
const listIdInput = z.object({ listId: id })
const listIdNoExtrasInput = z.object({ listId: id, noExtras: boolish.optional() })
const userIdInput = z.object({ userId: id.optional() })
const listIdFeedIdInput = z.object({ listId: id, feedId: id })
// range: the window the ranking counts new followers in (as GET /trending/feeds takes it); without it, all time.
const keywordLimitInput = z.object({
  keyword: z.string().max(200).optional(),
  limit: pageLimit.optional(),
  range: trendingRange.optional(),
})

const fields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  image: z.url().max(2048).nullish(),
  view,
  fee: intIn(0, 1_000_000),
}
const createBody = z.object({ ...fields, fee: fields.fee.default(0) })
const updateBody = z.object({
  listId: id,
  title: fields.title.optional(),
  description: fields.description,
  image: fields.image,
  view: view.optional(),
  fee: fields.fee.optional(),
})
const feedsBody = z.object({ listId: id, feedId: id.optional(), feedIds: stringList.optional() })

async function importForm(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const file = form.file
  if (!(file instanceof File)) throw new AppError(ErrorCode.UploadInvalidFile, { reason: "The form has no file" })
  const { listId } = parse(listIdInput, { listId: form.listId ?? c.req.query("listId") })
  return { listId, bytes: new Uint8Array(await file.arrayBuffer()) }
}

export function listRoutes(deps: Deps, jobs: Jobs) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(listIdNoExtrasInput, queryOf(c))
      return c.json(ok(await getList(deps, userOf(c), q.listId, q.noExtras)))
    })
    .get("/list", async (c) => {
      const q = parse(userIdInput, queryOf(c))
      return c.json(ok(await userLists(deps, q.userId ?? userOf(c))))
    })
    .post("/", async (c) => c.json(ok(await createList(deps, c.get("session"), parse(createBody, await bodyOf(c))))))
    .patch("/", async (c) => {
      const { listId, ...rest } = parse(updateBody, await bodyOf(c))
      await editList(deps, userOf(c), listId, rest)
      return c.json(ok(null))
    })
    .delete("/", async (c) => {
      await removeList(deps, userOf(c), parse(listIdInput, await bodyOf(c)).listId)
      return c.json({ code: 0 })
    })
    .post("/feeds", async (c) => {
      const body = parse(feedsBody, await bodyOf(c))
      const feedIds = [...(body.feedIds ?? []), ...(body.feedId ? [body.feedId] : [])]
      if (!feedIds.length) throw new AppError(ErrorCode.FeedMissingId)
      return c.json(ok(await addFeedsToList(deps, userOf(c), body.listId, feedIds)))
    })
    .delete("/feeds", async (c) => {
      const body = parse(listIdFeedIdInput, await bodyOf(c))
      await removeFeedFromList(deps, userOf(c), body.listId, body.feedId)
      return c.json({ code: 0 })
    })
    .delete("/:id/feeds/:feedId", async (c) => {
      await removeFeedFromList(deps, userOf(c), c.req.param("id"), c.req.param("feedId"))
      return c.json({ code: 0 })
    })
    .get("/discover", async (c) => {
      const q = parse(keywordLimitInput, queryOf(c))
      return c.json(ok(await findLists(deps, q.keyword, q.limit ?? 20, windowStart(deps, q.range))))
    })
    .get("/trending", async (c) => {
      const q = parse(keywordLimitInput.omit({ keyword: true }), queryOf(c))
      return c.json(ok(await findLists(deps, undefined, q.limit ?? 20, windowStart(deps, q.range))))
    })
    .post("/import", async (c) => {
      const { listId, bytes } = await importForm(c)
      return c.json(ok(await importListOpml(deps, userOf(c), jobs.queue, listId, bytes)))
    })
    .get("/:id/export", async (c) => {
      const { title, opml } = await exportListOpml(deps, c.req.param("id"))
      const filename = `${title.replace(/[^\w.-]+/g, "-").slice(0, 60) || "list"}.opml`
      return c.body(opml, 200, {
        "content-type": "text/x-opml; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
      })
    })
    .get("/:id/analytics", async (c) => c.json(ok(await listAnalytics(deps, c.req.param("id")))))
}
