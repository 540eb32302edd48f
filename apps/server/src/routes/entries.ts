import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, id, instant, pageLimit, parse, queryOf, stringList, view } from "../http.ts"
import { checkNew, getEntry, listEntriesJson, streamContent } from "../services/entries.ts"
import { entriesByTags } from "../services/entry-tags.ts"
import { previewEntries } from "../services/feed-views.ts"
import { getReadability } from "../services/readability.ts"
import { searchEntries } from "../services/search.ts"
import { transcribe } from "../services/transcription.ts"
import { type AppEnv, ok, okJson, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const byIdInput = z.object({ id })
const previewInput = z.object({ id, limit: pageLimit.optional() })
const idsInput = z.object({ ids: stringList })

// The official client sends extra keys (isArchived, publishedBefore); unknown keys are ignored.
const listInput = z.object({
  view: view.optional(),
  feedId: id.optional(),
  feedIdList: stringList.optional(),
  listId: id.optional(),
  /** A saved search's timeline: its matches newest first (services/saved-searches.ts). */
  searchId: id.optional(),
  read: boolish.optional(),
  limit: pageLimit.optional(),
  publishedAfter: instant.optional(),
  isCollection: boolish.optional(),
  withContent: boolish.optional(),
  excludePrivate: boolish.optional(),
  /** The AI timeline: the best 100 unread entries by score, not paged (services/ai-timeline.ts). */
  aiSort: boolish.optional(),
})

const searchInput = z.object({
  q: z.string().trim().min(1).max(500),
  limit: pageLimit.optional(),
  offset: z.coerce.number().int().min(0).max(99).optional(),
})

const tagList = z.array(z.string().max(200)).max(50)
const tagsQueryInput = z.object({
  tags: z.object({ schemaOrgCategories: tagList.optional(), mediaTopics: tagList.optional() }),
  match: z.enum(["any", "all"]).optional(),
  limit: pageLimit.optional(),
  cursor: instant.optional(),
  feedId: id.optional(),
  withContent: boolish.optional(),
})

const transcriptionInput = z.object({ url: z.string().min(1).max(4096) })

const checkNewInput = z.object({
  insertedAfter: instant,
  view: view.optional(),
  feedId: id.optional(),
  feedIdList: stringList.optional(),
  read: boolish.optional(),
})

export function entryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/", async (c) => {
      const input = parse(listInput, await bodyOf(c))
      return okJson(c, await listEntriesJson(deps, userOf(c), input))
    })
    .get("/", async (c) => {
      const query = queryOf(c)
      if (query.id !== undefined) {
        const { id: entryId } = parse(byIdInput, query)
        return c.json(ok(await getEntry(deps, userOf(c), entryId)))
      }
      // `keyword` (what the AI chat's mention picker sends) is a search in the same words.
      if (typeof query.keyword === "string" && query.keyword.trim()) {
        const { q, limit } = parse(searchInput, { q: query.keyword, limit: query.limit })
        return c.json(ok((await searchEntries(deps, userOf(c), { q, limit: limit ?? 20, offset: 0 })).data))
      }
      return okJson(c, await listEntriesJson(deps, userOf(c), parse(listInput, query)))
    })
    .get("/search", async (c) => {
      const input = parse(searchInput, queryOf(c))
      const page = await searchEntries(deps, userOf(c), {
        q: input.q,
        limit: input.limit ?? 20,
        offset: input.offset ?? 0,
      })
      return c.json({ code: 0, data: page.data, hasMore: page.hasMore })
    })
    .get("/check-new", async (c) => {
      return c.json(ok(await checkNew(deps, userOf(c), parse(checkNewInput, queryOf(c)))))
    })
    .post("/preview", async (c) => {
      const input = parse(previewInput, await bodyOf(c))
      return c.json(ok(await previewEntries(deps, userOf(c), input.id, input.limit)))
    })
    .post("/stream", async (c) => {
      const { ids } = parse(idsInput, await bodyOf(c))
      return c.body(await streamContent(deps, userOf(c), ids), 200, { "content-type": "application/x-ndjson" })
    })
    .on(["GET", "POST"], "/readability", async (c) => {
      const input = c.req.method === "GET" ? queryOf(c) : await bodyOf(c)
      return c.json(ok(await getReadability(deps, userOf(c), parse(byIdInput, input).id)))
    })
    .post("/tags/query", async (c) => {
      return okJson(c, await entriesByTags(deps, userOf(c), parse(tagsQueryInput, await bodyOf(c))))
    })
    .get("/transcription", (c) => transcribe(deps, userOf(c), parse(transcriptionInput, queryOf(c)).url))
    .get("/:id{[0-9]+}", async (c) => c.json(ok(await getEntry(deps, userOf(c), c.req.param("id")))))
}
