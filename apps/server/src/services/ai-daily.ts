// GET /ai/daily: the digest of a view's entries for one window (the twelve hours ending 8 AM or 8 PM in the user's
// time zone), written by the model once and stored. The AI job scheduler builds it when a window ends; a request
// for a window not built yet builds it then, joined with any build under way (ai/once.ts). Entry references the
// model gives as [n] become links to the entry in the web app, so the digest opens what it talks about.
import { complete } from "../ai/complete.ts"
import { DIGEST_SYSTEM, LANGUAGE_NAMES } from "../ai/prompts.ts"
import { findProvider, missingModel } from "../ai/provider.ts"
import type { AiRuntime } from "../ai/runtime.ts"
import { type DigestWindow, latestWindow, windowFrom } from "../ai/schedule.ts"
import { effectiveRole } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { type DigestEntry, entriesInWindow, findDigest, saveDigest, userForJob } from "../storage/ai-jobs.ts"
import { preferredLanguage } from "./ai-entries.ts"
import { userTimeZone } from "./ai-tasks.ts"

/** The views that have a digest: Articles and Social media. */
export const DIGEST_VIEWS = [0, 1] as const
export type DigestView = (typeof DIGEST_VIEWS)[number]

const VIEW_NAMES: Record<DigestView, string> = { 0: "articles", 1: "social media posts" }
/** Entries one digest reads at most (the newest of the window), and characters of each. */
const MAX_ENTRIES = 60
const ENTRY_CHARS = 500

export const NO_ENTRIES_TEXT = "No new entries arrived in this view during these twelve hours."

export interface DailyInput {
  startDate?: Date
  view: DigestView
}

/** The markdown digest of the window starting at (the boundary at or before) startDate; the latest one without. */
export async function getDaily(ai: AiRuntime, userId: string, input: DailyInput): Promise<string> {
  const { deps } = ai
  const zone = await userTimeZone(deps, userId)
  const now = deps.now()
  const window = input.startDate ? windowFrom(zone, input.startDate) : latestWindow(zone, now)
  if (window.end > now)
    throw new AppError(ErrorCode.InvalidInput, {
      reason: `startDate: this window ends at ${window.end.toISOString()}; its digest is written after that`,
    })
  const stored = await findDigest(deps.db, userId, input.view, window.start)
  if (stored) return stored.markdown
  const entries = await entriesInWindow(deps.db, userId, input.view, window.start, window.end, MAX_ENTRIES)
  if (!entries.length) return NO_ENTRIES_TEXT
  if (!(await findProvider(deps, userId, "fast"))) throw missingModel()
  return buildDigest(ai, userId, input.view, window, entries)
}

/** Builds and stores a window's digest (the scheduler's job); nothing when it exists or the window is empty. */
export async function buildDigestJob(ai: AiRuntime, userId: string, view: DigestView, windowStart: Date) {
  const { deps } = ai
  const zone = await userTimeZone(deps, userId)
  const window = windowFrom(zone, windowStart)
  if (await findDigest(deps.db, userId, view, window.start)) return
  const entries = await entriesInWindow(deps.db, userId, view, window.start, window.end, MAX_ENTRIES)
  if (!entries.length) return
  await buildDigest(ai, userId, view, window, entries)
}

function buildDigest(ai: AiRuntime, userId: string, view: DigestView, window: DigestWindow, entries: DigestEntry[]) {
  const { deps } = ai
  return ai.once(
    `daily:${userId}:${view}:${window.start.toISOString()}`,
    async () => (await findDigest(deps.db, userId, view, window.start))?.markdown,
    async () => {
      const owner = await userForJob(deps.db, userId)
      const role = owner ? effectiveRole(owner.role, owner.roleEndAt, deps.now().getTime()) : "free"
      const language = await preferredLanguage(deps, userId)
      const list = entries.map((e, i) => {
        const text = plainText(e).slice(0, ENTRY_CHARS)
        // A social post has no title: its source and its text are all there is.
        const title = e.title?.trim() ? `${e.title.trim()} — ` : ""
        return `[${i + 1}] ${title}${e.feedTitle ?? e.author ?? ""}\n${text}`
      })
      const answer = await complete(
        deps,
        { userId, role },
        {
          operation: "daily",
          speed: "fast",
          system: DIGEST_SYSTEM(LANGUAGE_NAMES[language], VIEW_NAMES[view]),
          prompt: list.join("\n\n"),
          maxOutputTokens: 1500,
        },
      )
      const markdown = linkEntries(answer, entries, view)
      await saveDigest(deps.db, {
        userId,
        view,
        windowStart: window.start,
        windowEnd: window.end,
        markdown,
        entryCount: entries.length,
        createdAt: deps.now(),
      })
      return markdown
    },
  )
}

/** The web app's route of an entry in a view's timeline (apps/web/src/lib/route-ids.ts `timelinePath`). */
export function entryPath(view: number, entryId: string): string {
  return `/timeline/view-${view}/all/${encodeURIComponent(entryId)}`
}

/**
 * [n] references become links to the entries; links the model made up are dropped (only their text stays). When
 * the model cited nothing, the entries are listed under the digest so it still opens them.
 */
export function linkEntries(markdown: string, entries: DigestEntry[], view: number): string {
  const withoutLinks = markdown.replace(/\[([^\]\n]*)\]\((?:[^)\s]+)\)/g, "$1")
  let cited = 0
  const linked = withoutLinks.replace(/\[(\d{1,3})\](?!\()/g, (_whole, n: string) => {
    const entry = entries[Number(n) - 1]
    if (!entry) return ""
    cited++
    return `[[${n}]](${entryPath(view, entry.id)})`
  })
  if (cited) return linked
  const list = entries
    .slice(0, 20)
    .map((e) => `- [${escapeText(entryLabel(e))}](${entryPath(view, e.id)})`)
    .join("\n")
  return `${linked}\n\n${list}`
}

function plainText(e: DigestEntry): string {
  return htmlToText(e.description || e.content || "")
    .replace(/\s+/g, " ")
    .trim()
}

/** An entry as the digest lists it: its title, or for an untitled post the start of its text. */
function entryLabel(e: DigestEntry): string {
  if (e.title?.trim()) return e.title.trim()
  const text = plainText(e)
  if (!text) return "(untitled)"
  return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text
}

function escapeText(text: string): string {
  return text.replace(/[[\]\\]/g, "\\$&").replace(/\s+/g, " ")
}

/** Used by the scheduler: the window the digest of this user is due for at `now`. */
export async function dueWindow(deps: Deps, userId: string): Promise<DigestWindow> {
  return latestWindow(await userTimeZone(deps, userId), deps.now())
}
