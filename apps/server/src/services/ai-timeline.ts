// The AI timeline: a user's sorting prompt (settings › ai, `timelineSortPrompt`) scores their unread entries 0-100
// on the fast model in batches, in the background (jobs/ai-work.ts); `aiSort` pages list the best 100 by score; and
// "summarise this timeline" condenses the unread entries in view into markdown whose links open the entries.
import { createHash } from "node:crypto"
import { ENTRY_PAGE_MAX_LIMIT, type EntryListItem } from "@tidings/shared"
import { type Caller, complete } from "../ai/complete.ts"
import { TARGET_LANGUAGES, type TargetLanguage } from "../ai/language.ts"
import { LANGUAGE_NAMES, TIMELINE_SCORE_SYSTEM, TIMELINE_SUMMARY_SYSTEM } from "../ai/prompts.ts"
import { findProvider, missingModel } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { htmlToText } from "../reader/sanitize.ts"
import {
  aiSortedPageJson,
  findSortPrompt,
  findUnreadForSummary,
  findUnscored,
  saveScores,
} from "../storage/ai-scores.ts"
import type { TimelineFilter } from "../storage/timeline.ts"
import { addEntrySettings } from "./actions.ts"
import { preferredLanguage } from "./ai-entries.ts"

/** Entries per scoring prompt: small enough for a small local model's context, large enough to save calls. */
export const SCORE_BATCH = 20
/** Entries one scoring run looks at, at most (a few calls); later entries wait for the next run. */
export const SCORE_RUN_MAX = 100
/** Entries a timeline summary reads, at most (newest first). */
export const SUMMARY_ENTRIES_MAX = 50
/** Characters of each entry's text that go into a prompt. */
const SNIPPET_CHARS = 280

/** Scores are valid for the prompt they were made for: a changed prompt makes them all stale at once. */
export function promptKey(prompt: string): string {
  return createHash("sha256").update(prompt.trim()).digest("hex").slice(0, 16)
}

/** Whether the user's timeline can be AI-sorted now: they set a prompt and a model answers them. */
export async function sortingPrompt(deps: Deps, userId: string): Promise<string | undefined> {
  const prompt = await findSortPrompt(deps.db, userId)
  if (!prompt) return undefined
  return (await findProvider(deps, userId, "fast")) ? prompt : undefined
}

/**
 * POST /entries with aiSort: the 100 best unread entries by score, as JSON. Without a prompt (or a model) the list is
 * the newest unread ones, each with `aiScore: null`. Asks for the unscored ones to be scored in the background.
 */
export async function aiSortedEntriesJson(deps: Deps, f: TimelineFilter, withContent: boolean): Promise<string> {
  const prompt = await findSortPrompt(deps.db, f.userId)
  const key = prompt ? promptKey(prompt) : "-"
  const page = await aiSortedPageJson(deps.db, f, key, ENTRY_PAGE_MAX_LIMIT, withContent)
  if (prompt) await deps.aiJobs?.add([{ kind: "score", userId: f.userId, view: f.view }])
  if (!page.hasRules) return page.items
  const items = JSON.parse(page.items) as EntryListItem[]
  await addEntrySettings(deps, f.userId, items)
  return JSON.stringify(items)
}

/** A short plain-text view of an entry for a prompt. */
function snippet(html: string | null): string {
  const text = htmlToText(html ?? "")
    .replace(/\s+/g, " ")
    .trim()
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS)}…` : text
}

/**
 * Scores up to SCORE_RUN_MAX of the user's unscored unread entries (those of `view` first), SCORE_BATCH per model
 * call. Answers how many were scored. Nothing happens without a prompt or a model.
 */
export async function scoreTimeline(deps: Deps, caller: Caller, view?: number): Promise<number> {
  const prompt = await sortingPrompt(deps, caller.userId)
  if (!prompt) return 0
  const key = promptKey(prompt)
  const candidates = await findUnscored(deps.db, caller.userId, key, SCORE_RUN_MAX, view)
  let scored = 0
  for (let i = 0; i < candidates.length; i += SCORE_BATCH) {
    const batch = candidates.slice(i, i + SCORE_BATCH)
    const listing = batch
      .map((c, n) => {
        const text = snippet(c.text)
        return `${n + 1}. ${c.title?.trim() || "(untitled)"}${c.feedTitle ? ` (${c.feedTitle})` : ""}${text ? `\n${text}` : ""}`
      })
      .join("\n\n")
    const reply = await complete(deps, caller, {
      operation: "timeline-score",
      speed: "fast",
      system: TIMELINE_SCORE_SYSTEM(prompt),
      prompt: listing,
      maxOutputTokens: 12 * batch.length + 40,
    })
    const scores = parseScores(reply, batch.length).map(({ index, score }) => ({
      entryId: batch[index]!.entryId,
      score,
    }))
    await saveScores(deps.db, caller.userId, key, scores, deps.now())
    scored += scores.length
  }
  return scored
}

/**
 * "3: 85" lines (also "3. 85", "3 - 85", "#3 = 85") into 0-based indexes and scores clamped to 0-100; lines that
 * name no listed entry are ignored, and the first score given for an entry counts. Entries the model skipped stay
 * unscored, for the next run.
 */
export function parseScores(reply: string, count: number): { index: number; score: number }[] {
  const seen = new Map<number, number>()
  for (const line of reply.split(/\r?\n/)) {
    const m = /^\s*[#[(]?\s*(\d{1,3})\s*[\]).:=\-–]*\s*[:=\-–]?\s*(\d{1,3})\b/.exec(line)
    if (!m) continue
    const index = Number(m[1]) - 1
    if (index < 0 || index >= count || seen.has(index)) continue
    seen.set(index, Math.min(100, Math.max(0, Number(m[2]))))
  }
  return [...seen].map(([index, score]) => ({ index, score }))
}

export interface TimelineSummaryInput {
  view?: number
  feedId?: string
  feedIdList?: string[]
  listId?: string
  language?: TargetLanguage
}

/**
 * POST /ai/timeline-summary: markdown summarising the newest (at most 50) unread entries of the timeline in view,
 * each mention linked to the entry in the app (/timeline/…/entryId). Null when nothing is unread there.
 */
export async function summariseTimeline(deps: Deps, caller: Caller, input: TimelineSummaryInput) {
  if (!(await findProvider(deps, caller.userId, "fast"))) throw missingModel()
  const feedIds = input.feedIdList?.length ? input.feedIdList : input.feedId ? [input.feedId] : undefined
  const found = await findUnreadForSummary(
    deps.db,
    {
      userId: caller.userId,
      view: input.view,
      feedIds,
      listId: input.listId,
      excludeHidden: !feedIds && !input.listId,
    },
    SUMMARY_ENTRIES_MAX,
  )
  if (!found.length) return null
  const language =
    input.language && (TARGET_LANGUAGES as readonly string[]).includes(input.language)
      ? input.language
      : await preferredLanguage(deps, caller.userId)
  const links = found.map((e) => ({ ...e, link: entryLink(e.view, e.feedId, e.entryId) }))
  const listing = links
    .map((e, n) => {
      const text = snippet(e.text)
      return `[${n + 1}] ${e.title?.trim() || "(untitled)"}${e.feedTitle ? ` — ${e.feedTitle}` : ""}${text ? `\n${text}` : ""}`
    })
    .join("\n\n")
  const reply = await complete(deps, caller, {
    operation: "timeline-summary",
    speed: "fast",
    system: TIMELINE_SUMMARY_SYSTEM(LANGUAGE_NAMES[language]),
    prompt: listing,
    maxOutputTokens: 900,
  })
  return { markdown: linkReferences(reply, links), entryCount: found.length }
}

/** The app route that opens an entry in its feed's timeline (client spec: timeline/{timelineId}/{feedId}/{entryId}). */
function entryLink(view: number, feedId: string, entryId: string): string {
  return `/timeline/view-${view}/${encodeURIComponent(feedId)}/${encodeURIComponent(entryId)}`
}

/**
 * The model cites entries as [n]; each becomes a markdown link to the entry, so the summary never carries a URL the
 * model made up. Numbers that name no entry are left as text.
 */
export function linkReferences(markdown: string, links: { title: string | null; link: string }[]): string {
  return markdown.replace(/\[(\d{1,3})\](?!\()/g, (whole, n: string) => {
    const entry = links[Number(n) - 1]
    return entry ? `[[${n}]](${entry.link})` : whole
  })
}
