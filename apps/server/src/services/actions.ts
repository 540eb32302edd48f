// The user's action rules: the stored list, their effects on arriving entries (block, star, silence, webhooks),
// and their results (`settings`) on entry list items.
import {
  type ActionRule,
  CONDITION_FIELDS,
  type EntryListItem,
  evaluateRules,
  fieldsUsed,
  OPERATORS,
} from "@tidings/shared"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse } from "../http.ts"
import type { AiJob } from "../jobs/ai-work.ts"
import type { IngestHooks } from "../reader/ingest.ts"
import type { Delivery } from "../reader/webhook.ts"
import {
  findActions,
  findArrivalsForRuleUsers,
  findEntryContents,
  findSubscriptionCategories,
  saveActions,
} from "../storage/actions.ts"
import { findSortingRecipients } from "../storage/ai-scores.ts"
import type { DB } from "../storage/db.ts"
import { findArrivalsWithPendingMarks } from "../storage/pending-marks.ts"
import type { ArrivedRow } from "../storage/timeline.ts"
import { compileRules, conditionProblem, subjectOf } from "./action-rules.ts"
import { applyRulesToArrivals, sendDeliveries } from "./arrivals.ts"
import { deliverPushLater, type PushNotice } from "./messaging.ts"

// ---- the stored list

export async function getActions(deps: Deps, userId: string) {
  const row = await findActions(deps.db, userId)
  if (!row) return null
  return {
    userId: row.userId,
    rules: row.rules,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Validates and stores the user's whole rule list; invalid input (4) or too many rules (12000) store nothing. */
export async function saveActionRules(deps: Deps, userId: string, rules: unknown[]): Promise<void> {
  await saveActions(deps.db, userId, validActionRules(deps, rules), deps.now())
}

/** The rule list as stored, or the error saving it would give. */
export function validActionRules(deps: Deps, rules: unknown[]): unknown[] {
  const max = deps.config.MAX_ACTIONS
  if (rules.length > max) throw new AppError(ErrorCode.ActionLimitExceeded, { reason: `At most ${max} rules` })
  return parse(ruleListSchema, { rules }).rules
}

const VALUE_MAX = 1000
const CONDITIONS_PER_RULE_MAX = 50
const WEBHOOKS_PER_RULE_MAX = 10

const conditionSchema = z
  .object({
    field: z.enum(CONDITION_FIELDS),
    operator: z.enum(OPERATORS),
    value: z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(VALUE_MAX)),
  })
  .superRefine((c, ctx) => {
    const problem = conditionProblem(c)
    if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message })
  })
const flatConditions = z.array(conditionSchema)
const groupedConditions = z.array(z.array(conditionSchema))

/** `Cond[]` (all of) or `Cond[][]` (any group, each all of), checked as the one it is so issues stay precise. */
const conditionListSchema = z.array(z.unknown()).transform((value, ctx) => {
  const parsed = (value.some(Array.isArray) ? groupedConditions : flatConditions).safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path })
  return z.NEVER
})

const webhookUrl = z
  .string()
  .max(2048)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "A webhook must be an http or https URL")
const text = z.string().max(VALUE_MAX)
const flag = z.boolean().optional()

const resultSchema = z.object({
  disabled: flag,
  translation: z.union([z.boolean(), z.enum(["en", "ja", "zh-CN", "zh-TW"])]).optional(),
  summary: flag,
  readability: flag,
  sourceContent: flag,
  silence: flag,
  block: flag,
  star: flag,
  newEntryNotification: flag,
  rewriteRules: z
    .array(z.object({ from: text, to: text }))
    .max(CONDITIONS_PER_RULE_MAX)
    .optional(),
  blockRules: z
    .array(
      z.object({
        field: z.enum(["title", "all", "content", "author", "url", "order"]),
        operator: z.enum(OPERATORS),
        value: z.union([text, z.number()]),
      }),
    )
    .max(CONDITIONS_PER_RULE_MAX)
    .optional(),
  // The official client adds an empty row before the user types a URL; blank rows are dropped, not refused.
  webhooks: z
    .array(z.string().trim())
    .transform((urls) => urls.filter(Boolean))
    .pipe(z.array(webhookUrl).max(WEBHOOKS_PER_RULE_MAX))
    .optional(),
})

const ruleSchema = z
  .object({ name: z.string().max(500), condition: conditionListSchema, result: resultSchema, disabled: flag })
  .refine((rule) => rule.condition.flat().length <= CONDITIONS_PER_RULE_MAX, {
    path: ["condition"],
    message: `At most ${CONDITIONS_PER_RULE_MAX} conditions per rule`,
  })

/** Unknown keys (the official client sends an `index` per rule) are dropped. */
const ruleListSchema = z.object({ rules: z.array(ruleSchema) })

// ---- at ingest

/**
 * Hooks for one ingest: after each batch, the rules of the users who received the new entries, and their imported
 * marks, apply to them (services/arrivals.ts) in the same transaction; webhooks go out only after the commit.
 */
export function actionHooks(deps: Deps): IngestHooks {
  const outbox: Delivery[] = []
  const aiWork: AiJob[] = []
  const notices: PushNotice[] = []
  const sorting = new Set<string>()
  return {
    async afterBatch(tx, feedId, insertedIds) {
      const arrived = uniqueRows([
        ...(await findArrivalsForRuleUsers(tx, feedId, insertedIds)),
        ...(await findArrivalsWithPendingMarks(tx, feedId, insertedIds)),
      ])
      outbox.push(...(await applyRulesToArrivals(deps, tx, arrived, "new", aiWork, notices)))
      if (deps.aiJobs) for (const userId of await findSortingRecipients(tx, feedId, insertedIds)) sorting.add(userId)
    },
    async afterCommit() {
      sendDeliveries(deps, outbox.splice(0))
      deliverPushLater(deps, notices.splice(0))
      // Queued only once the entries are committed, so a job never looks for an entry it cannot see yet.
      const scoring: AiJob[] = [...sorting].map((userId) => ({ kind: "score", userId }))
      sorting.clear()
      const work = [...aiWork.splice(0), ...scoring]
      if (work.length && deps.aiJobs)
        await deps.aiJobs
          .add(work)
          .catch((error) =>
            deps.log.warn("AI jobs not queued", { error: error instanceof Error ? error.message : String(error) }),
          )
    },
  }
}

function uniqueRows(rows: ArrivedRow[]): ArrivedRow[] {
  return [...new Map(rows.map((r) => [`${r.userId} ${r.entryId}`, r])).values()]
}

// ---- on entry lists

/** Sets each item's `settings` to the merged results of the user's rules that match it; no match, no key. */
export async function addEntrySettings(deps: Deps, userId: string, items: EntryListItem[]): Promise<void> {
  if (!items.length) return
  const row = await findActions(deps.db, userId)
  const rules = row ? compileRules(row.rules as ActionRule[]) : []
  if (!rules.length) return
  const fields = fieldsUsed(rules)
  const categoryOf = fields.has("category") ? await categoryLookup(deps.db, userId, items) : () => null
  const contentOf = fields.has("entry_content") ? await contentLookup(deps.db, items) : () => null
  for (const item of items) {
    const statuses = [item.read ? "read" : "unread", ...(item.collections ? ["collected"] : [])]
    const subject = subjectOf(item.entries, item.feeds, item.view, categoryOf(item), contentOf(item), statuses)
    const settings = evaluateRules(rules, subject)
    if (settings) item.settings = settings
  }
}

/** The category of the subscription each item reaches the user through: the direct one, else a list's. */
async function categoryLookup(db: DB, userId: string, items: EntryListItem[]) {
  const feedIds = [...new Set(items.map((i) => i.feeds.id))]
  const listIds = [...new Set(items.flatMap((i) => i.from.filter((source) => source !== "feed")))]
  const rows = await findSubscriptionCategories(db, userId, feedIds, listIds)
  const byFeed = new Map(rows.filter((r) => r.feedId).map((r) => [r.feedId, r.category]))
  const byList = new Map(rows.filter((r) => r.listId).map((r) => [r.listId, r.category]))
  return (item: EntryListItem): string | null => {
    const direct = byFeed.get(item.feeds.id)
    if (direct !== undefined) return direct
    const list = item.from.find((source) => byList.has(source))
    return list ? (byList.get(list) ?? null) : null
  }
}

/** Entry pages list entries without content unless asked; conditions on content load it for the page at once. */
async function contentLookup(db: DB, items: EntryListItem[]) {
  const missing = items.filter((i) => i.entries.content === undefined).map((i) => i.entries.id)
  const loaded = new Map((await findEntryContents(db, missing)).map((r) => [r.id, r.content]))
  return (item: EntryListItem) => item.entries.content ?? loaded.get(item.entries.id) ?? null
}
