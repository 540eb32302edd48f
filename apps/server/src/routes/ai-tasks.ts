// /ai/task (scheduled AI tasks) and /ai/daily (the daily digest). Registered before /ai, whose routes do not
// know these paths.
import { Hono } from "hono"
import { z } from "zod"
import { createAiRuntime } from "../ai/runtime.ts"
import type { Deps } from "../deps.ts"
import { bodyOf, id, instant, parse, queryOf } from "../http.ts"
import { type DigestView, getDaily } from "../services/ai-daily.ts"
import { createTask, getTask, listTasks, removeTask, testRunTask, updateTask } from "../services/ai-tasks.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const dailyInput = z.object({
  startDate: instant.optional(),
  view: z.enum(["0", "1"]).transform((v) => Number(v) as DigestView),
})

export function aiTaskRoutes(deps: Deps) {
  const taskId = (c: { req: { param: (name: "id") => string } }) => parse(id, c.req.param("id"))
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await listTasks(deps, userOf(c)))))
    .post("/", async (c) => c.json(ok(await createTask(deps, userOf(c), await bodyOf(c)))))
    .get("/:id", async (c) => c.json(ok(await getTask(deps, userOf(c), taskId(c)))))
    .put("/:id", async (c) => c.json(ok(await updateTask(deps, userOf(c), taskId(c), await bodyOf(c)))))
    .delete("/:id", async (c) => {
      await removeTask(deps, userOf(c), taskId(c))
      return c.json(ok(null))
    })
    .post("/:id/test-run", async (c) => c.json(ok(await testRunTask(deps, userOf(c), taskId(c)))))
}

export function aiDailyRoutes(deps: Deps) {
  const ai = createAiRuntime(deps)
  return new Hono<AppEnv>().get("/", async (c) => {
    const input = parse(dailyInput, queryOf(c))
    return c.json(ok(await getDaily(ai, userOf(c), input)))
  })
}
