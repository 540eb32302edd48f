// /ai/memory: list (GET, paged by `before`), create (POST), update (PATCH /{memoryId}), delete (DELETE /{memoryId}).
// Flat answers, as the SDK types them: {code, data, nextBefore?}, {code, ...record}, {code, success}.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, instant, intIn, parse, queryOf } from "../http.ts"
import { createMemory, deleteMemory, listMemories, updateMemory } from "../services/ai-memories.ts"
import { type AppEnv, userOf } from "./env.ts"

const importance = z.coerce.number().min(0).max(10)
const fields = {
  memory: z.string().trim().min(1).max(2000),
  importance: importance.optional(),
  tags: z.array(z.string().trim().min(1).max(100)).max(20).nullable().optional(),
  source: z.string().max(200).nullable().optional(),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((m) => JSON.stringify(m).length <= 4096, "metadata is at most 4 KiB of JSON")
    .nullable()
    .optional(),
  expiresAt: instant.nullable().optional(),
}
const createInput = z.object(fields)
const updateInput = z.object({ ...fields, memory: fields.memory.optional() })
const listInput = z.object({
  limit: intIn(1, 100).optional(),
  before: instant.optional(),
  importanceGte: importance.optional(),
  importanceLte: importance.optional(),
})

export function aiMemoryRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json({ code: 0, ...(await listMemories(deps, userOf(c), parse(listInput, queryOf(c)))) }))
    .post("/", async (c) =>
      c.json({ code: 0, ...(await createMemory(deps, userOf(c), parse(createInput, await bodyOf(c)))) }),
    )
    .patch("/:memoryId", async (c) => {
      const memoryId = parse(id, c.req.param("memoryId"))
      return c.json({
        code: 0,
        ...(await updateMemory(deps, userOf(c), memoryId, parse(updateInput, await bodyOf(c)))),
      })
    })
    .delete("/:memoryId", async (c) => {
      await deleteMemory(deps, userOf(c), parse(id, c.req.param("memoryId")))
      return c.json({ code: 0, success: true })
    })
}
