// What the user points the chat at: entries, feeds and date ranges, @-mentioned in the text (the Folo client writes
// <mention-entry id="…"/>, <mention-feed id="…"/>, <mention-date start="…" end="…"/>), named in `data-block` parts, or
// given in the request's `context`. Their content goes into the system prompt, read from the caller's own data only:
// an id the user cannot see adds nothing.
import type { Deps } from "../deps.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { type EntryHit, followedFeed, searchEntriesForUser } from "../storage/ai-chat-entries.ts"
import { findEntryForUser } from "../storage/entries.ts"
import { findInboxEntry } from "../storage/inboxes.ts"
import { searchScanRows, snippet } from "./chat-tools.ts"

export interface DateRange {
  from: Date
  /** Exclusive. */
  to: Date
}

export interface ChatRefs {
  entryIds: string[]
  feedIds: string[]
  dates: DateRange[]
  selectedText?: string
}

export interface ContextInput {
  mainEntryId?: string
  referEntryIds?: string[]
  entryIds?: string[]
  referFeedIds?: string[]
  feedIds?: string[]
  dates?: { start: string; end?: string }[]
  selectedText?: string
}

/** At most this many of each kind go into one prompt (the newest mentions first). */
const MAX_ENTRIES = 8
const MAX_FEEDS = 5
const MAX_DATES = 3
/** Characters of one mentioned entry's text, and of the whole context. */
const ENTRY_CHARS = 6000
const CONTEXT_CHARS = 40_000
const DAY_MS = 86_400_000

const MENTION = /<mention-(entry|feed|date)\b([^>]*?)\/?>(?:<\/mention-\1>)?/g

function attr(attrs: string, name: string): string | undefined {
  return new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attrs)?.[1]
}

/** "2026-01-02" is that whole UTC day; a full timestamp is that instant. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`)
    return Number.isNaN(day.getTime()) ? undefined : end ? new Date(day.getTime() + DAY_MS) : day
  }
  const at = new Date(value)
  return Number.isNaN(at.getTime()) ? undefined : at
}

export function dateRange(start: string | undefined, end: string | undefined): DateRange | undefined {
  const from = bound(start, false)
  const to = bound(end ?? start, true)
  return from && to && from < to ? { from, to } : undefined
}

function feedIdsIn(attrs: string): string[] {
  const id = attr(attrs, "id")
  if (id) return [id]
  // A category mention: <mention-feed ids=["a","b"]/>.
  const list = /\bids\s*=\s*(\[[^\]]*\])/.exec(attrs)?.[1]
  try {
    const ids = list ? (JSON.parse(list) as unknown) : []
    return Array.isArray(ids) ? ids.filter((v): v is string => typeof v === "string") : []
  } catch {
    return []
  }
}

/** The text the user wrote, from text parts and the Folo client's rich text. */
export function userText(parts: unknown[]): string {
  return parts
    .map((p) => {
      const part = p as { type?: string; text?: unknown; data?: { text?: unknown } }
      if (part.type === "text" && typeof part.text === "string") return part.text
      if (part.type === "data-rich-text" && typeof part.data?.text === "string") return part.data.text
      return ""
    })
    .filter(Boolean)
    .join("\n")
}

/** The mention tags written as plain words the model reads (their content is in the system prompt). */
export function readableMentions(text: string): string {
  return text.replace(MENTION, (_m, kind: string, attrs: string) => {
    if (kind === "date")
      return `[${attr(attrs, "text") ?? [attr(attrs, "start"), attr(attrs, "end")].filter(Boolean).join(" – ")}]`
    if (kind === "entry") return `[entry ${attr(attrs, "id") ?? ""}]`
    return `[feed ${feedIdsIn(attrs).join(", ")}]`
  })
}

/** Everything one user message points at. */
export function refsOf(parts: unknown[], context?: ContextInput): ChatRefs {
  const refs: ChatRefs = { entryIds: [], feedIds: [], dates: [] }
  for (const match of userText(parts).matchAll(MENTION)) {
    const [, kind, attrs = ""] = match
    if (kind === "entry") {
      const id = attr(attrs, "id")
      if (id) refs.entryIds.push(id)
    } else if (kind === "feed") refs.feedIds.push(...feedIdsIn(attrs))
    else {
      const range = dateRange(attr(attrs, "start"), attr(attrs, "end"))
      if (range) refs.dates.push(range)
    }
  }
  for (const p of parts) {
    const part = p as { type?: string; data?: unknown }
    if (part.type !== "data-block" || !Array.isArray(part.data)) continue
    for (const block of part.data as { type?: unknown; value?: unknown }[]) {
      if (typeof block?.value !== "string") continue
      if (block.type === "mainEntry" || block.type === "referEntry") refs.entryIds.push(block.value)
      else if (block.type === "referFeed") refs.feedIds.push(block.value)
      else if (block.type === "selectedText") refs.selectedText = block.value
    }
  }
  if (context) {
    if (context.mainEntryId) refs.entryIds.push(context.mainEntryId)
    refs.entryIds.push(...(context.referEntryIds ?? []), ...(context.entryIds ?? []))
    refs.feedIds.push(...(context.referFeedIds ?? []), ...(context.feedIds ?? []))
    for (const d of context.dates ?? []) {
      const range = dateRange(d.start, d.end)
      if (range) refs.dates.push(range)
    }
    if (context.selectedText) refs.selectedText = context.selectedText
  }
  return refs
}

/** The refs of several messages, newest message first, deduplicated and capped. */
export function mergeRefs(newestFirst: ChatRefs[]): ChatRefs {
  const uniq = <T>(items: T[], key: (t: T) => string, max: number) => {
    const seen = new Set<string>()
    return items.filter((t) => !seen.has(key(t)) && seen.add(key(t))).slice(0, max)
  }
  return {
    entryIds: uniq(
      newestFirst.flatMap((r) => r.entryIds),
      (id) => id,
      MAX_ENTRIES,
    ),
    feedIds: uniq(
      newestFirst.flatMap((r) => r.feedIds),
      (id) => id,
      MAX_FEEDS,
    ),
    dates: uniq(
      newestFirst.flatMap((r) => r.dates),
      (d) => `${d.from.toISOString()}/${d.to.toISOString()}`,
      MAX_DATES,
    ),
    selectedText: newestFirst[0]?.selectedText,
  }
}

const line = (h: EntryHit) =>
  `- ${h.id} · ${h.publishedAt.toISOString().slice(0, 16).replace("T", " ")} · ${h.source ?? ""} · ${h.title ?? "(untitled)"}${h.read ? "" : " (unread)"}`

async function entrySection(deps: Deps, userId: string, id: string): Promise<string | undefined> {
  const found = await findEntryForUser(deps.db, userId, id)
  const inbox = found ? undefined : await findInboxEntry(deps.db, userId, id)
  const entry = found?.entry ?? inbox?.entry
  if (!entry) return undefined
  const source = found ? found.feed.title : (inbox?.inbox.title ?? inbox?.inbox.handle)
  const text = htmlToText(entry.content || entry.description || "").slice(0, ENTRY_CHARS)
  return [
    `## Entry ${entry.id}: ${entry.title ?? "(untitled)"}`,
    `Source: ${source ?? ""} · Published: ${entry.publishedAt.toISOString()}${entry.url ? ` · URL: ${entry.url}` : ""}`,
    text,
  ].join("\n")
}

async function feedSection(deps: Deps, userId: string, id: string): Promise<string | undefined> {
  const feed = await followedFeed(deps.db, userId, id)
  if (!feed) return undefined
  const latest = await searchEntriesForUser(deps.db, userId, { words: [], limit: 15, feedId: id, scan: 15 })
  return [
    `## Feed ${feed.id}: ${feed.title ?? feed.url} (${feed.siteUrl ?? feed.url})`,
    snippet(feed.description, 400),
    "Latest entries:",
    ...latest.map(line),
  ]
    .filter(Boolean)
    .join("\n")
}

async function dateSection(deps: Deps, userId: string, range: DateRange): Promise<string> {
  const hits = await searchEntriesForUser(deps.db, userId, {
    words: [],
    limit: 50,
    from: range.from,
    to: range.to,
    scan: searchScanRows(deps),
  })
  const head = `## Entries published from ${range.from.toISOString()} to ${range.to.toISOString()} (${hits.length}${hits.length === 50 ? " newest" : ""})`
  return [head, ...(hits.length ? hits.map(line) : ["(none)"])].join("\n")
}

/** The system prompt's context sections for these refs; an empty string when there is nothing to add. */
export async function contextText(deps: Deps, userId: string, refs: ChatRefs): Promise<string> {
  // A handful of lookups, each one indexed statement (refs are capped above); run together.
  const [entries, feeds, dates] = await Promise.all([
    Promise.all(refs.entryIds.map((id) => entrySection(deps, userId, id))),
    Promise.all(refs.feedIds.map((id) => feedSection(deps, userId, id))),
    Promise.all(refs.dates.map((range) => dateSection(deps, userId, range))),
  ])
  const sections = [
    ...(entries.some(Boolean) ? ["The user points at these entries:", ...entries.filter(Boolean)] : []),
    ...(feeds.some(Boolean) ? ["The user points at these feeds:", ...feeds.filter(Boolean)] : []),
    ...(dates.length ? ["The user points at these dates:", ...dates] : []),
    ...(refs.selectedText ? [`The user selected this text:\n"""${refs.selectedText.slice(0, 4000)}"""`] : []),
  ]
  const text = sections.join("\n\n")
  return text.length > CONTEXT_CHARS ? `${text.slice(0, CONTEXT_CHARS)}\n(context cut)` : text
}
