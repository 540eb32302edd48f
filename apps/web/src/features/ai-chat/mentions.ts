// @-mentions in the chat's input: the words after an "@" just before the caret pick a feed, an entry or a date
// window. A picked mention reads "@Label" in the text; when the message is sent, the mentions still named in it go
// with it as context (referFeedIds, referEntryIds, dates as {start, end} instants), which the server reads from the
// caller's own data into the system prompt (apps/server/src/ai/chat-context.ts).
import type { EntryListItem, Subscription } from "@tidings/shared"

export interface MentionQuery {
  /** Where the "@" is. */
  start: number
  query: string
}

export type Mention =
  | { kind: "feed"; id: string; label: string }
  | { kind: "entry"; id: string; label: string; source?: string }
  /** start inclusive, end exclusive, both ISO instants of the user's local day bounds. */
  | { kind: "date"; id: string; label: string; start: string; end: string }

export type FeedMention = Extract<Mention, { kind: "feed" }>
export type EntryMention = Extract<Mention, { kind: "entry" }>
export type DateMention = Extract<Mention, { kind: "date" }>

/** What one message carries for the server (the names chat-context.ts parses). */
export interface MentionContext {
  referFeedIds?: string[]
  referEntryIds?: string[]
  dates?: { start: string; end: string }[]
}

/** What a stored message keeps to show its mentions as chips. */
export interface ShownMention {
  kind: Mention["kind"]
  label: string
}

export const DATE_PRESETS = ["today", "yesterday", "this_week", "last_7_days", "last_30_days"] as const
export type DatePreset = (typeof DATE_PRESETS)[number]

/** The server takes at most 20 ids of a kind and 10 dates in one request. */
const MAX_IDS = 20
const MAX_DATES = 10
const LABEL_CHARS = 80

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean)
const containsAll = (text: string, ws: string[]) => {
  const lower = text.toLowerCase()
  return ws.every((w) => lower.includes(w))
}

/**
 * The mention being typed at the caret: an "@" at the start or after a space, then up to 40 characters on one line
 * (titles have spaces). Text that follows a mention already picked is not a new query.
 */
export function mentionAt(text: string, caret: number, picked: readonly string[] = []): MentionQuery | null {
  const match = /(^|\s)@((?:[^\s@][^\n@]{0,39})?)$/.exec(text.slice(0, caret))
  if (!match) return null
  const query = match[2]
  if (picked.some((label) => query === label || query.startsWith(`${label} `))) return null
  return { start: caret - query.length - 1, query }
}

type Listed = Subscription & { feeds?: { title?: string | null; url?: string | null } }

/** The user's feeds whose title holds every typed word (case-insensitive), titles starting with the query first. */
export function feedChoices(subscriptions: readonly Listed[], query: string, limit = 6): FeedMention[] {
  const q = query.toLowerCase()
  const ws = words(query)
  const feeds = subscriptions
    .filter((s) => s.type === "feed" && s.feedId)
    .map((s) => ({
      kind: "feed" as const,
      id: s.feedId as string,
      label: oneLine(s.title || s.feeds?.title || s.feeds?.url || ""),
    }))
    .filter((f) => f.label && containsAll(f.label, ws))
  const starts = (f: FeedMention) => (f.label.toLowerCase().startsWith(q) ? 0 : 1)
  return feeds.sort((a, b) => starts(a) - starts(b) || a.label.localeCompare(b.label)).slice(0, limit)
}

function oneLine(title: string): string {
  const line = title.replace(/\s+/g, " ").trim()
  return line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS - 1).trimEnd()}…` : line
}

/** How well a title answers the words: the whole query at its start, then a word starting a title word, then inside. */
function entryRank(title: string, query: string, ws: string[]): number {
  const lower = title.toLowerCase()
  if (ws.length && lower.startsWith(query.trim().toLowerCase())) return 0
  const titleWords = lower.split(/[^\p{L}\p{N}]+/u)
  return ws.every((w) => titleWords.some((tw) => tw.startsWith(w))) ? 1 : 2
}

/**
 * Entries whose title holds every typed word, best match first, then newest; one choice per entry id (the same
 * entry may sit in several cached lists and in the server's answer). Untitled entries cannot be named in the text.
 */
export function entryChoices(items: readonly EntryListItem[], query: string, limit = 6): EntryMention[] {
  const ws = words(query)
  const seen = new Set<string>()
  const ranked: { mention: EntryMention; rank: number; at: number }[] = []
  for (const item of items) {
    const label = oneLine(item.entries.title ?? "")
    if (!label || seen.has(item.entries.id) || !containsAll(label, ws)) continue
    seen.add(item.entries.id)
    ranked.push({
      mention: { kind: "entry", id: item.entries.id, label, source: item.feeds?.title ?? undefined },
      rank: entryRank(label, query, ws),
      at: Date.parse(String(item.entries.publishedAt)) || 0,
    })
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || b.at - a.at)
    .slice(0, limit)
    .map((r) => r.mention)
}

const localDay = (y: number, m: number, d: number) => new Date(y, m, d)
const addDays = (day: Date, n: number) => localDay(day.getFullYear(), day.getMonth(), day.getDate() + n)

/** A typed "YYYY-MM-DD" as that local day's midnight, or null when it is no real date (2026-02-30). */
export function parseDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const day = localDay(y, m, d)
  return day.getFullYear() === y && day.getMonth() === m && day.getDate() === d ? day : null
}

function dateWindow(id: string, label: string, from: Date, toExclusive: Date): DateMention {
  return { kind: "date", id, label, start: from.toISOString(), end: toExclusive.toISOString() }
}

/** A typed day or range of days ("2026-11-20", "2026-11-01..2026-11-07", both ends included), or null. */
export function typedDates(query: string): DateMention | null {
  const [first, last, ...rest] = query.trim().split("..")
  if (rest.length) return null
  const from = parseDay(first)
  const to = last === undefined ? from : parseDay(last)
  if (!from || !to || to < from) return null
  const label = last === undefined ? first : `${first}..${last}`
  return dateWindow(`typed:${label}`, label, from, addDays(to, 1))
}

/** The preset's window in the local time zone; "this week" starts on Monday and, like the others, ends tonight. */
export function presetWindow(preset: DatePreset, now: Date): { from: Date; to: Date } {
  const today = localDay(now.getFullYear(), now.getMonth(), now.getDate())
  const tomorrow = addDays(today, 1)
  switch (preset) {
    case "today":
      return { from: today, to: tomorrow }
    case "yesterday":
      return { from: addDays(today, -1), to: today }
    case "this_week":
      return { from: addDays(today, -((today.getDay() + 6) % 7)), to: tomorrow }
    case "last_7_days":
      return { from: addDays(today, -6), to: tomorrow }
    case "last_30_days":
      return { from: addDays(today, -29), to: tomorrow }
  }
}

/**
 * The date choices for the query: a typed day or range first, then the presets whose label (in the user's language,
 * or its English key) holds every typed word.
 */
export function dateChoices(query: string, now: Date, labels: Record<DatePreset, string>): DateMention[] {
  const typed = typedDates(query)
  const ws = words(query)
  const presets = DATE_PRESETS.filter((p) => containsAll(labels[p], ws) || containsAll(p.replaceAll("_", " "), ws)).map(
    (p) => {
      const { from, to } = presetWindow(p, now)
      return dateWindow(p, labels[p], from, to)
    },
  )
  return typed ? [typed, ...presets] : presets
}

/** The text with the mention typed at `at` replaced by "@Label ", and where the caret goes after it. */
export function insertMention(text: string, at: MentionQuery, label: string): { text: string; caret: number } {
  const before = text.slice(0, at.start)
  const after = text.slice(at.start + 1 + at.query.length)
  const inserted = `@${label} `
  return { text: `${before}${inserted}${after.replace(/^ /, "")}`, caret: before.length + inserted.length }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Whether "@Label" stands in the text as a whole name ("@North" is not named by "@Northern"). */
export function isNamed(text: string, label: string): boolean {
  return new RegExp(`@${escapeRegExp(label)}(?![\\p{L}\\p{N}_])`, "u").test(text)
}

/** The picked mentions still named in the text when it is sent, once each. */
export function mentionsIn(text: string, picked: readonly Mention[]): Mention[] {
  const seen = new Set<string>()
  return picked.filter((m) => {
    const key = `${m.kind}:${m.id}`
    if (seen.has(key) || !isNamed(text, m.label)) return false
    seen.add(key)
    return true
  })
}

/** The request's context for these mentions, in the names the server parses; kinds with nothing are left out. */
export function mentionContext(mentions: readonly Mention[]): MentionContext {
  const ids = (kind: "feed" | "entry") =>
    mentions
      .filter((m) => m.kind === kind)
      .map((m) => m.id)
      .slice(0, MAX_IDS)
  const feeds = ids("feed")
  const entries = ids("entry")
  const dates = mentions
    .filter((m): m is DateMention => m.kind === "date")
    .map((m) => ({ start: m.start, end: m.end }))
    .slice(0, MAX_DATES)
  return {
    ...(feeds.length ? { referFeedIds: feeds } : {}),
    ...(entries.length ? { referEntryIds: entries } : {}),
    ...(dates.length ? { dates } : {}),
  }
}

/** The mentions a message shows as chips, read from its metadata (stored or just sent); anything else is ignored. */
export function shownMentions(metadata: unknown): ShownMention[] {
  const list = (metadata as { mentions?: unknown } | null | undefined)?.mentions
  if (!Array.isArray(list)) return []
  return list.filter(
    (m): m is ShownMention =>
      typeof m?.label === "string" && (m.kind === "feed" || m.kind === "entry" || m.kind === "date"),
  )
}
