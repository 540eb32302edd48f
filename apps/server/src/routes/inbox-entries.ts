// /entries/inbox: the owner's inbox entries (list, one with content, delete). Read state goes through /reads.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, id, instant, pageLimit, parse, queryOf } from "../http.ts"
import { getInboxEntry, listInboxEntries, removeInboxEntry } from "../services/inboxes.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

// Schemas are built once: zod compiles each one on its first use.
const byIdInput = z.object({ id })
const entryIdInput = z.object({ entryId: id })

// The official client also sends view, isCollection and publishedBefore; like POST /entries, they are ignored.
const listInput = z.object({
  inboxId: z.string().trim().min(1).max(64),
  read: boolish.optional(),
  limit: pageLimit.optional(),
  publishedAfter: instant.optional(),
})

export function inboxEntryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/", async (c) => c.json(ok(await listInboxEntries(deps, userOf(c), parse(listInput, await bodyOf(c))))))
    .get("/", async (c) => {
      const q = parse(byIdInput, queryOf(c))
      return c.json(ok(await getInboxEntry(deps, userOf(c), q.id)))
    })
    .delete("/", async (c) => {
      await removeInboxEntry(deps, userOf(c), parse(entryIdInput, await bodyOf(c)).entryId)
      return c.json({ code: 0 })
    })
}
