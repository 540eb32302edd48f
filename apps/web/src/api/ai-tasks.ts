// /ai/task (scheduled AI tasks) and /ai/daily (the daily digest). A run or a digest is a model call with tools:
// the server waits up to AI_TIMEOUT_MS per step, so these calls get a long time-out.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export type AiTaskSchedule =
  | { type: "once"; date: string }
  | { type: "daily"; timeOfDay: string }
  | { type: "weekly"; dayOfWeek: number; timeOfDay: string }
  | { type: "monthly"; dayOfMonth: number; timeOfDay: string }

export interface AiTask {
  id: string
  name: string
  prompt: string
  isEnabled: boolean
  schedule: AiTaskSchedule
  options: { notifyChannels?: ("email" | "web")[] }
  lastRunAt: string | null
  nextRunAt: string | null
  runCount: number
  lastResult: string | null
  lastError: string | null
}

export type AiTaskInput = Pick<AiTask, "name" | "prompt" | "isEnabled" | "schedule" | "options">

const RUN_TIMEOUT_MS = 360_000

export async function listAiTasks(signal?: AbortSignal): Promise<AiTask[]> {
  return (await request<Ok<AiTask[]>>("/ai/task", { signal, quiet: true })).data
}

export async function createAiTask(input: AiTaskInput): Promise<AiTask> {
  return (await request<Ok<AiTask>>("/ai/task", { method: "POST", body: input, quiet: true })).data
}

export async function updateAiTask(id: string, input: Partial<AiTaskInput>): Promise<AiTask> {
  return (await request<Ok<AiTask>>(`/ai/task/${encodeURIComponent(id)}`, { method: "PUT", body: input, quiet: true }))
    .data
}

export async function deleteAiTask(id: string): Promise<void> {
  await request(`/ai/task/${encodeURIComponent(id)}`, { method: "DELETE", quiet: true })
}

export async function testRunAiTask(id: string): Promise<AiTask> {
  return (
    await request<Ok<AiTask>>(`/ai/task/${encodeURIComponent(id)}/test-run`, {
      method: "POST",
      timeout: RUN_TIMEOUT_MS,
      quiet: true,
    })
  ).data
}

/** The digest of the window starting at `startDate` (epoch ms) for Articles (0) or Social media (1). */
export async function getDailyDigest(view: 0 | 1, startDate: number, signal?: AbortSignal): Promise<string> {
  return (
    await request<Ok<string>>("/ai/daily", {
      query: { view: String(view), startDate },
      signal,
      timeout: RUN_TIMEOUT_MS,
      quiet: true,
    })
  ).data
}
