import { type Context, Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { bodyOf, boolish, id, nonEmptyList, parse, queryOf, stringList, view } from "../http.ts"
import type { Jobs } from "../jobs/index.ts"
import { exportSubscriptions, importOpml, previewOpml } from "../services/opml.ts"
import {
  batchUpdate,
  listSubscriptionsJson,
  subscribe,
  unsubscribe,
  updateSubscription,
} from "../services/subscriptions.ts"
import { type AppEnv, ok, okJson, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const itemsInput = z.array(z.string())
const viewUserIdInput = z.object({ view: view.optional(), userId: id.optional() })

const createBody = z.object({
  url: z.string().min(1).max(2048).optional(),
  listId: id.optional(),
  view: view.optional(),
  category: z.string().max(200).nullish(),
  title: z.string().max(500).nullish(),
  isPrivate: boolish.optional(),
})

const changes = {
  view: view.optional(),
  category: z.string().max(200).nullish(),
  title: z.string().max(500).nullish(),
  isPrivate: boolish.optional(),
  hideFromTimeline: boolish.optional(),
}
const updateBody = z.object({ feedId: id.optional(), listId: id.optional(), ...changes })
const batchBody = z.object({ feedIds: nonEmptyList, ...changes })
const deleteBody = z.object({
  feedId: id.optional(),
  feedIdList: stringList.optional(),
  listId: id.optional(),
  url: z.string().max(2048).optional(),
})
const exportQuery = z.object({
  format: z.enum(["opml", "json"]).optional(),
  folderMode: z.enum(["view", "category"]).optional(),
  categoryId: z.string().max(200).optional(),
  RSSHubURL: z.url().optional(),
})

async function uploadedFile(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError(ErrorCode.UploadInvalidFile, { reason: "Expected multipart form data with a file" })
  })
  const file = form.file
  if (!(file instanceof File)) throw new AppError(ErrorCode.UploadInvalidFile, { reason: "The form has no file" })
  const items = typeof form.items === "string" ? parse(itemsInput, safeJson(form.items)) : undefined
  return { bytes: new Uint8Array(await file.arrayBuffer()), items }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function subscriptionRoutes(deps: Deps, jobs: Jobs) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(viewUserIdInput, queryOf(c))
      return okJson(c, await listSubscriptionsJson(deps, userOf(c), q))
    })
    .post("/", async (c) => {
      const body = parse(createBody, await bodyOf(c))
      return c.json({ code: 0, ...(await subscribe(deps, c.get("session"), { ...body, view: body.view ?? 0 })) })
    })
    .patch("/", async (c) => c.json(ok(await updateSubscription(deps, userOf(c), parse(updateBody, await bodyOf(c))))))
    .delete("/", async (c) => {
      await unsubscribe(deps, userOf(c), parse(deleteBody, await bodyOf(c)))
      return c.json({ code: 0 })
    })
    .patch("/batch", async (c) => {
      const { feedIds, ...rest } = parse(batchBody, await bodyOf(c))
      await batchUpdate(deps, userOf(c), feedIds, rest)
      return c.json({ code: 0 })
    })
    .post("/parse-opml", async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer())
      return c.json(ok(await previewOpml(deps, c.get("session"), bytes)))
    })
    .post("/import", async (c) => {
      const { bytes, items } = await uploadedFile(c)
      return c.json(ok(await importOpml(deps, c.get("session"), jobs.queue, bytes, items)))
    })
    .get("/export", async (c) => {
      const q = parse(exportQuery, queryOf(c))
      const file = await exportSubscriptions(deps, userOf(c), { ...q, rsshubUrl: q.RSSHubURL })
      // The SDK and CLI ask with `format` and read JSON; the web client links here for a file download.
      if (q.format) return c.json(file)
      return c.body(file.content, 200, {
        "content-type": file.contentType,
        "content-disposition": `attachment; filename="${file.filename}"`,
      })
    })
}
