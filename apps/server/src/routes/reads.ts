import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, id, instant, nonEmptyList, parse, queryOf, stringList, view } from "../http.ts"
import { getTotalUnread, getUnreadCountsJson, markAllAsRead, markRead } from "../services/reads.ts"
import { type AppEnv, ok, okJson, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const viewInput = z.object({ view: view.optional() })
const entryIdsIsInboxInput = z.object({ entryIds: nonEmptyList, isInbox: boolish.optional() })
const entryIdIsInboxInput = z.object({ entryId: id, isInbox: boolish.optional() })

const markAllBody = z.object({
  view: view.optional(),
  feedId: id.optional(),
  feedIdList: stringList.optional(),
  listId: id.optional(),
  inboxId: id.optional(),
  /** A saved search: exactly its unread matches. */
  searchId: id.optional(),
  excludePrivate: boolish.optional(),
  startTime: instant.optional(),
  endTime: instant.optional(),
  insertedBefore: instant.optional(),
})

export function readRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(viewInput, queryOf(c))
      return okJson(c, await getUnreadCountsJson(deps, userOf(c), q.view))
    })
    .post("/", async (c) => {
      const body = parse(entryIdsIsInboxInput, await bodyOf(c))
      await markRead(deps, userOf(c), body.entryIds, true, body.isInbox)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      const body = parse(entryIdIsInboxInput, await bodyOf(c))
      await markRead(deps, userOf(c), [body.entryId], false, body.isInbox)
      return c.json({ code: 0 })
    })
    .post("/all", async (c) => {
      const body = parse(markAllBody, await bodyOf(c))
      return c.json(ok({ read: await markAllAsRead(deps, userOf(c), body) }))
    })
    .get("/total-count", async (c) => c.json(ok({ count: await getTotalUnread(deps, userOf(c)) })))
}
