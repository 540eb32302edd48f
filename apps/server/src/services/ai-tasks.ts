// /ai/task: a user's scheduled prompts. A task runs with read-only tools over the user's own data (the chat's search,
// read, subscriptions and unread counts), the user's enabled MCP tools as in the chat, and the newest entries of
// their timeline as context; its result is stored as Markdown and optionally mailed, with a note naming any MCP
// service left out because it failed. When it is next due is computed in the user's time zone.
import type { ToolSet } from "ai"
import { z } from "zod"
import { chatTools } from "../ai/chat-tools.ts"
import { assertBudget, dayOf, providerError } from "../ai/complete.ts"
import { LANGUAGE_NAMES, TASK_SYSTEM } from "../ai/prompts.ts"
import { languageModel, requireProvider } from "../ai/provider.ts"
import { isTimeZone, localParts, nextRunAfter, onceInstant } from "../ai/schedule.ts"
import { effectiveRole, roleLimits } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse } from "../http.ts"
import { newId } from "../ids.ts"
import { mailerFor } from "../mail.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { addAiUsage } from "../storage/ai.ts"
import {
  type AiTaskRow,
  countAiTasks,
  deleteAiTask,
  entriesInWindow,
  findAiTask,
  finishAiTaskRun,
  insertAiTask,
  listAiTasks,
  timeZoneSetting,
  updateAiTask,
  userForJob,
} from "../storage/ai-jobs.ts"
import type { AiTaskSchedule } from "../storage/schema.ts"
import { preferredLanguage } from "./ai-entries.ts"
import { type McpRunFailures, mcpChatTools } from "./mcp.ts"
import { deliverPushLater } from "./messaging.ts"
import type { SessionInfo } from "./session.ts"

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the form HH:MM (24-hour clock)")
const schedule = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("once"),
    date: z
      .string()
      .max(40)
      .refine((v) => onceInstant(v, "UTC") !== undefined, "Use an ISO date and time, like 2026-12-01T09:00"),
  }),
  z.object({ type: z.literal("daily"), timeOfDay }),
  z.object({ type: z.literal("weekly"), dayOfWeek: z.number().int().min(0).max(6), timeOfDay }),
  z.object({ type: z.literal("monthly"), dayOfMonth: z.number().int().min(1).max(31), timeOfDay }),
])
const options = z
  .object({
    notifyChannels: z
      .array(z.enum(["email", "web"]))
      .max(2)
      .optional(),
  })
  .strict()

const taskInput = z.object({
  name: z.string().trim().min(1, "Name is required").max(100),
  prompt: z.string().trim().min(1, "Prompt is required").max(4000),
  isEnabled: z.boolean().optional(),
  schedule,
  options: options.optional(),
})
const taskUpdate = taskInput.partial()

/** Newest entries of the last day given to a task as context (titles and a line of text each). */
const CONTEXT_ENTRIES = 30
const MAX_STEPS = 6
/** A claimed task is someone's for this long; a run that takes longer may be started again by another scheduler. */
export const TASK_LEASE_MS = 15 * 60_000

export interface AiTaskWire {
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
  createdAt: string
  updatedAt: string
}

function toWire(row: AiTaskRow): AiTaskWire {
  return {
    id: row.id,
    name: row.name,
    prompt: row.prompt,
    isEnabled: row.isEnabled,
    schedule: row.schedule,
    options: row.options,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    runCount: row.runCount,
    lastResult: row.lastResult,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The user's time zone (settings › general `timeZone`), UTC when they set none. */
export async function userTimeZone(deps: Deps, userId: string): Promise<string> {
  const zone = await timeZoneSetting(deps.db, userId)
  return isTimeZone(zone) ? zone : "UTC"
}

function nextRun(deps: Deps, s: AiTaskSchedule, enabled: boolean, zone: string): Date | null {
  return enabled ? (nextRunAfter(s, zone, deps.now()) ?? null) : null
}

export async function listTasks(deps: Deps, userId: string): Promise<AiTaskWire[]> {
  return (await listAiTasks(deps.db, userId)).map(toWire)
}

async function ownTask(deps: Deps, userId: string, id: string): Promise<AiTaskRow> {
  const row = await findAiTask(deps.db, userId, id)
  if (!row) throw new AppError(ErrorCode.NotFound, { reason: "AI task not found" })
  return row
}

export async function getTask(deps: Deps, userId: string, id: string): Promise<AiTaskWire> {
  return toWire(await ownTask(deps, userId, id))
}

function pastOnce(): AppError {
  return new AppError(ErrorCode.InvalidInput, {
    reason: "schedule.date: The date is in the past",
    data: [{ path: "schedule.date", message: "The date is in the past", code: "custom" }],
  })
}

export async function createTask(deps: Deps, userId: string, body: unknown): Promise<AiTaskWire> {
  const input = parse(taskInput, body)
  const max = deps.config.AI_MAX_TASKS
  if ((await countAiTasks(deps.db, userId)) >= max)
    throw new AppError(ErrorCode.InvalidInput, { reason: `At most ${max} AI tasks per user` })
  const zone = await userTimeZone(deps, userId)
  const enabled = input.isEnabled ?? true
  const next = nextRun(deps, input.schedule, enabled, zone)
  if (enabled && !next) throw pastOnce()
  const now = deps.now()
  const row = await insertAiTask(deps.db, {
    id: newId(),
    userId,
    name: input.name,
    prompt: input.prompt,
    isEnabled: enabled,
    schedule: input.schedule,
    options: input.options ?? {},
    nextRunAt: next,
    createdAt: now,
    updatedAt: now,
  })
  return toWire(row)
}

export async function updateTask(deps: Deps, userId: string, id: string, body: unknown): Promise<AiTaskWire> {
  const input = parse(taskUpdate, body)
  const current = await ownTask(deps, userId, id)
  const enabled = input.isEnabled ?? current.isEnabled
  const s = input.schedule ?? current.schedule
  const next = nextRun(deps, s, enabled, await userTimeZone(deps, userId))
  // Switching a one-off back on after it ran needs a new date; other edits of a finished one-off are fine.
  if (enabled && !next && (input.schedule || input.isEnabled)) throw pastOnce()
  const row = await updateAiTask(deps.db, userId, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
    ...(input.options !== undefined ? { options: input.options } : {}),
    schedule: s,
    isEnabled: enabled && next !== null,
    nextRunAt: next,
    updatedAt: deps.now(),
  })
  if (!row) throw new AppError(ErrorCode.NotFound, { reason: "AI task not found" })
  return toWire(row)
}

export async function removeTask(deps: Deps, userId: string, id: string) {
  if (!(await deleteAiTask(deps.db, userId, id)))
    throw new AppError(ErrorCode.NotFound, { reason: "AI task not found" })
}

/** Runs a task now for its owner and stores the result (the schedule is left as it is); errors are thrown. */
export async function testRunTask(deps: Deps, userId: string, id: string): Promise<AiTaskWire> {
  const task = await ownTask(deps, userId, id)
  const result = await runPrompt(deps, task)
  const row = await finishAiTaskRun(deps.db, userId, id, undefined, {
    lastResult: result,
    lastError: null,
    lastRunAt: deps.now(),
  })
  if (!row) throw new AppError(ErrorCode.NotFound, { reason: "AI task not found" })
  return toWire(row)
}

/**
 * A scheduled run of a claimed task: the result (or the error) is stored and the next run set, only while the task
 * still holds the claim. A one-off switches itself off after its run, whatever its outcome.
 */
export async function runScheduledTask(deps: Deps, task: AiTaskRow): Promise<void> {
  const claimed = task.nextRunAt
  const zone = await userTimeZone(deps, task.userId)
  const now = deps.now()
  const once = task.schedule.type === "once"
  const next = once ? null : (nextRunAfter(task.schedule, zone, now) ?? null)
  let result: string
  try {
    result = await runPrompt(deps, task)
  } catch (error) {
    const message = error instanceof AppError ? error.message : "The task failed"
    deps.log.warn("ai task failed", { taskId: task.id, error: message })
    await finishAiTaskRun(deps.db, task.userId, task.id, claimed, {
      lastError: message,
      lastRunAt: now,
      nextRunAt: next,
      ...(once ? { isEnabled: false } : {}),
    })
    return
  }
  const row = await finishAiTaskRun(deps.db, task.userId, task.id, claimed, {
    lastResult: result,
    lastError: null,
    lastRunAt: now,
    nextRunAt: next,
    addRun: true,
    ...(once ? { isEnabled: false } : {}),
  })
  if (row && task.options.notifyChannels?.includes("email")) await mailResult(deps, row, result)
  // A push to the owner's browsers (Web Push) with the start of the result; a click opens the AI settings.
  if (row && task.options.notifyChannels?.includes("web"))
    deliverPushLater(deps, [
      {
        userId: task.userId,
        kind: "task",
        title: task.name,
        body: result,
        url: "/settings/ai",
        tag: `ai-task-${task.id}`,
      },
    ])
}

async function mailResult(deps: Deps, task: AiTaskRow, result: string) {
  const owner = await userForJob(deps.db, task.userId)
  if (!owner?.email) return
  try {
    await mailerFor(deps.config, deps.log).send({
      to: owner.email,
      subject: `Tidings: ${task.name}`,
      text: `${result}\n\n--\nAI task "${task.name}" in Tidings (${deps.config.BASE_URL}/settings/ai)\n`,
    })
  } catch (error) {
    // The result is stored whatever happens to the mail; a mail server that fails is the operator's to see.
    deps.log.warn("ai task mail failed", { taskId: task.id, error: error instanceof Error ? error.message : "" })
  }
}

/** One model run of a task's prompt with the tools, within the time limit; the Markdown answer. */
async function runPrompt(deps: Deps, task: AiTaskRow): Promise<string> {
  const owner = await userForJob(deps.db, task.userId)
  if (!owner) throw new AppError(ErrorCode.NotFound, { reason: "AI task not found" })
  const role = effectiveRole(owner.role, owner.roleEndAt, deps.now().getTime())
  const provider = await requireProvider(deps, task.userId, "main")
  if (provider.source === "server") await assertBudget(deps, { userId: task.userId, role })
  const session: SessionInfo = { userId: task.userId, role, ...roleLimits(role, deps.config) }
  const [zone, language] = await Promise.all([userTimeZone(deps, task.userId), preferredLanguage(deps, task.userId)])
  const now = deps.now()
  const local = localParts(zone, now)
  const stamp = `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)} (${zone})`
  const [prompt, mcp] = await Promise.all([taskPrompt(deps, task, now), taskMcpTools(deps, task)])
  const [sdk, model] = await Promise.all([import("ai"), languageModel(provider)])
  let text: string
  let usage: { inputTokens?: number; outputTokens?: number }
  try {
    const result = await sdk.generateText({
      model,
      system: TASK_SYSTEM(stamp, LANGUAGE_NAMES[language]),
      prompt,
      // The user's enabled MCP tools are named mcp_<service>_<tool>, so they never shadow the built-in ones.
      tools: { ...mcp.tools, ...readOnlyTools(deps, session) },
      stopWhen: sdk.stepCountIs(MAX_STEPS),
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(deps.config.AI_TIMEOUT_MS),
    })
    text = result.text.trim()
    usage = result.totalUsage
  } catch (error) {
    throw providerError(error, deps.config.AI_TIMEOUT_MS)
  }
  await addAiUsage(deps.db, {
    userId: task.userId,
    day: dayOf(deps.now()),
    operation: "task",
    model: provider.model,
    provider: provider.source,
    tokensIn: usage.inputTokens ?? 0,
    tokensOut: usage.outputTokens ?? 0,
    at: deps.now(),
  })
  if (!text) throw new AppError(ErrorCode.InternalError, { message: "The AI model answered with no text" })
  return withMcpNote(deps, task, text, mcp)
}

/** The task's prompt followed by the newest entries of the user's last day. */
async function taskPrompt(deps: Deps, task: AiTaskRow, now: Date): Promise<string> {
  const recent = await Promise.all(
    [0, 1].map((view) =>
      entriesInWindow(deps.db, task.userId, view, new Date(now.getTime() - 86_400_000), now, CONTEXT_ENTRIES),
    ),
  )
  const context = recent
    .flat()
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, CONTEXT_ENTRIES)
    .map((e) => {
      const line = htmlToText(e.description || e.content || "").slice(0, 160)
      return `- ${e.title ?? "(untitled)"} — ${e.feedTitle ?? ""} (id ${e.id})${line ? `: ${line}` : ""}`
    })
  return (
    `${task.prompt}\n\n` +
    (context.length
      ? `Newest entries of the last day in the user's timeline:\n${context.join("\n")}`
      : "The user's timeline has no entries from the last day.")
  )
}

/** Read-only: a task runs unattended, so it never marks entries read or subscribes on the user's behalf. */
function readOnlyTools(deps: Deps, session: SessionInfo): ToolSet {
  const all = chatTools(deps, session)
  return {
    searchEntries: all.searchEntries!,
    readEntry: all.readEntry!,
    listSubscriptions: all.listSubscriptions!,
    unreadCounts: all.unreadCounts!,
  }
}

interface TaskMcp {
  tools: ToolSet
  /** Services whose calls failed during the run, with the error. */
  failures: McpRunFailures
  /** The services' tools could not be loaded at all. */
  unloaded: boolean
}

/**
 * The user's enabled MCP tools, loaded and bounded as for the chat. An MCP service must not fail the task: tools
 * that cannot be loaded are left out, and a service whose call fails is left out of the rest of the run.
 */
async function taskMcpTools(deps: Deps, task: AiTaskRow): Promise<TaskMcp> {
  const failures: McpRunFailures = new Map()
  try {
    return { tools: await mcpChatTools(deps, task.userId, failures), failures, unloaded: false }
  } catch (error) {
    // Only the error's kind: a failed query's message may carry what it was sent.
    deps.log.warn("ai task mcp tools not loaded", { taskId: task.id, error: (error as Error).name })
    return { tools: {}, failures, unloaded: true }
  }
}

/** The result, with a line saying which MCP services were left out (the user would otherwise not know). */
function withMcpNote(deps: Deps, task: AiTaskRow, text: string, mcp: TaskMcp): string {
  const left = [...mcp.failures].map(([name, error]) => `"${name}" (${error})`)
  if (mcp.unloaded) left.push("all (their tools could not be loaded)")
  if (!left.length) return text
  deps.log.warn("ai task left out mcp services", { taskId: task.id, count: left.length })
  return `${text}\n\n---\n\n*MCP services left out of this run: ${left.join("; ")}.*`
}

const pad = (n: number) => String(n).padStart(2, "0")
