// /saved-searches: the signed-in user's saved searches (smart feeds) with their unread counts; a search's timeline is
// POST /entries with `searchId`, and marking it read is POST /reads/all with `searchId`.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, parse, queryOf } from "../http.ts"
import {
  changeSavedSearch,
  createSavedSearch,
  getSavedSearch,
  removeSavedSearch,
  userSavedSearches,
} from "../services/saved-searches.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const title = z.string().trim().min(1).max(100)
const query = z.string().trim().min(1).max(500)
const getInput = z.object({ id: id.optional() })
const createInput = z.object({ title, query })
const updateInput = z.object({ id, title: title.optional(), query: query.optional() })
const deleteInput = z.object({ id })

export function savedSearchRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const input = parse(getInput, queryOf(c))
      if (input.id) return c.json(ok(await getSavedSearch(deps, userOf(c), input.id)))
      return c.json(ok(await userSavedSearches(deps, userOf(c))))
    })
    .post("/", async (c) => {
      const body = parse(createInput, await bodyOf(c))
      return c.json(ok(await createSavedSearch(deps, userOf(c), body)))
    })
    .patch("/", async (c) => {
      const { id: searchId, ...change } = parse(updateInput, await bodyOf(c))
      return c.json(ok(await changeSavedSearch(deps, userOf(c), searchId, change)))
    })
    .delete("/", async (c) => {
      const body = parse(deleteInput, await bodyOf(c))
      await removeSavedSearch(deps, userOf(c), body.id)
      return c.json({ code: 0 })
    })
}
