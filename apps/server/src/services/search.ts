// Search (issue 15): a query in the words a reader types — words, "phrases", -exclusions, `or`, and the filters
// feed:, view:, is:unread / is:read / is:starred, before:, after: — over the entries the user can see, ranked, with
// the matched words marked in the title and in a snippet of the text.
import { type EntryListItem, FeedViewType } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { htmlToText } from "../reader/sanitize.ts"
import {
  feedIdsMatching,
  matchesInWindow,
  newestIndexed,
  queryLexemes,
  type SearchFilter,
  searchKeys,
  searchTexts,
} from "../storage/search.ts"
import { pageJson } from "../storage/timeline.ts"
import { addEntrySettings } from "./actions.ts"

export interface ParsedQuery {
  /** Text terms in order; `phrase` when quoted. */
  terms: { value: string; negated: boolean; phrase: boolean }[]
  feeds: string[]
  excludeFeeds: string[]
  view?: number
  unread?: boolean
  starred?: boolean
  before?: Date
  after?: Date
}

const VIEW_NAMES: Record<string, number> = {
  article: FeedViewType.Articles,
  articles: FeedViewType.Articles,
  social: FeedViewType.SocialMedia,
  socialmedia: FeedViewType.SocialMedia,
  picture: FeedViewType.Pictures,
  pictures: FeedViewType.Pictures,
  video: FeedViewType.Videos,
  videos: FeedViewType.Videos,
  audio: FeedViewType.Audios,
  audios: FeedViewType.Audios,
  podcast: FeedViewType.Audios,
  podcasts: FeedViewType.Audios,
  notification: FeedViewType.Notifications,
  notifications: FeedViewType.Notifications,
}

const TOKEN = /(-?)(?:(feed|view|is|before|after):)?(?:"([^"]*)"?|([^\s"]+))/gi

function invalid(reason: string): AppError {
  return new AppError(ErrorCode.InvalidParameter, { reason })
}

function dateOf(name: string, value: string): Date {
  // A day (YYYY-MM-DD) is its start in UTC; a full ISO time is taken as written.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  if (Number.isNaN(date.getTime())) throw invalid(`${name}: expects a date such as 2026-01-31, got "${value}"`)
  return date
}

/** Splits a query into its text terms and its filters; an unknown or malformed filter value is a clear error. */
export function parseSearchQuery(query: string): ParsedQuery {
  const parsed: ParsedQuery = { terms: [], feeds: [], excludeFeeds: [] }
  for (const match of query.matchAll(TOKEN)) {
    const [, minus, filter, quoted, bare] = match
    const negated = minus === "-"
    const value = quoted ?? bare ?? ""
    if (!filter) {
      if (value.trim()) parsed.terms.push({ value: value.trim(), negated, phrase: quoted !== undefined })
      continue
    }
    const name = filter.toLowerCase()
    if (!value) throw invalid(`${name}: needs a value`)
    if (name === "feed") (negated ? parsed.excludeFeeds : parsed.feeds).push(value)
    else if (name === "view") {
      const view = /^\d$/.test(value) ? Number(value) : VIEW_NAMES[value.toLowerCase()]
      if (view === undefined || view < 0 || view > 5) throw invalid(`view: unknown view "${value}"`)
      parsed.view = view
    } else if (name === "is") {
      const flag = value.toLowerCase()
      if (flag === "unread" || flag === "read") parsed.unread = (flag === "unread") !== negated
      else if (flag === "starred" || flag === "star") parsed.starred = !negated
      else throw invalid(`is: expects unread, read or starred, got "${value}"`)
    } else if (name === "before") parsed.before = dateOf("before", value)
    else if (name === "after") parsed.after = dateOf("after", value)
  }
  return parsed
}

/** Scripts written without spaces between words: PostgreSQL's parser cannot split them, so they match as substrings. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u

/** The text part of a query as websearch_to_tsquery reads it. */
function websearchText(terms: ParsedQuery["terms"]): string {
  return terms.map((t) => `${t.negated ? "-" : ""}${t.phrase ? `"${t.value.replace(/"/g, " ")}"` : t.value}`).join(" ")
}

/**
 * A search with words ranks at most this many matches, the newest; its pages go no further. (A reader looks for what
 * they saw lately; ranking a word's every match over years would cost a page hundreds of milliseconds.)
 */
export const CANDIDATES = 100

/** The time windows, back from the newest indexed entry, that a search reads its newest matches in, in turn. */
const WINDOW_DAYS = [7, 30, 120, 365]
const DAY_MS = 86_400_000

/** The newest CANDIDATES matches of the filter's words: window by window, widening until there are enough. */
async function newestMatches(deps: Deps, filter: SearchFilter & { text: string }): Promise<string[]> {
  const newest = await newestIndexed(deps.db)
  if (!newest) return []
  // Just past the newest entry, so it is in the first window; a `before:` earlier than that starts there instead.
  let to = new Date(Math.min(newest.getTime() + 1, filter.before?.getTime() ?? Number.POSITIVE_INFINITY))
  const found: string[] = []
  for (const days of [...WINDOW_DAYS, Number.POSITIVE_INFINITY]) {
    const start = to.getTime() - days * DAY_MS
    const last = !Number.isFinite(start) || (filter.after !== undefined && start <= filter.after.getTime())
    const from = last ? filter.after : new Date(start)
    found.push(...(await matchesInWindow(deps.db, filter, { from, to }, CANDIDATES - found.length)))
    if (last || found.length >= CANDIDATES || !from) break
    to = from
  }
  return found
}

/**
 * The filter of a query with its `feed:` values resolved inside the statement (saved searches: their counts, their
 * timelines and their marks read are each one statement). A bad query throws its InvalidParameter error.
 */
export function searchFilterOf(userId: string, query: string): SearchFilter {
  const parsed = parseSearchQuery(query)
  const filter: SearchFilter = {
    userId,
    view: parsed.view,
    unread: parsed.unread,
    starred: parsed.starred,
    before: parsed.before,
    after: parsed.after,
    ...(parsed.feeds.length ? { feedNames: parsed.feeds } : {}),
    ...(parsed.excludeFeeds.length ? { excludeFeedNames: parsed.excludeFeeds } : {}),
  }
  if (parsed.terms.some((t) => UNSPACED.test(t.value)))
    filter.substrings = parsed.terms.map(({ value, negated }) => ({ value, negated }))
  else if (parsed.terms.length) filter.text = websearchText(parsed.terms)
  if (!parsed.terms.length && !parsed.feeds.length && !hasFilter(parsed)) throw emptyQuery()
  return filter
}

function hasFilter(parsed: ParsedQuery): boolean {
  return (
    parsed.view !== undefined ||
    parsed.unread !== undefined ||
    parsed.starred !== undefined ||
    parsed.before !== undefined ||
    parsed.after !== undefined
  )
}

function emptyQuery(): AppError {
  return invalid("q: type words to look for, or a filter such as is:unread")
}

export interface SearchInput {
  q: string
  limit: number
  offset: number
}

export interface SearchHighlight {
  /** The title with the matched words in <mark>, as escaped HTML. */
  title: string
  /** About 200 characters of the text around the first match, as escaped HTML with <mark>. */
  snippet: string
}

export type SearchItem = EntryListItem & { search: SearchHighlight }

export async function searchEntries(
  deps: Deps,
  userId: string,
  input: SearchInput,
): Promise<{ data: SearchItem[]; hasMore: boolean }> {
  const parsed = parseSearchQuery(input.q)
  const filter: SearchFilter = {
    userId,
    view: parsed.view,
    unread: parsed.unread,
    starred: parsed.starred,
    before: parsed.before,
    after: parsed.after,
  }
  if (parsed.feeds.length) {
    const ids = new Set<string>()
    for (const name of parsed.feeds) for (const id of await feedIdsMatching(deps.db, userId, name)) ids.add(id)
    if (!ids.size) return { data: [], hasMore: false }
    filter.feedIds = [...ids]
  }
  for (const name of parsed.excludeFeeds) {
    filter.excludeFeedIds = [...(filter.excludeFeedIds ?? []), ...(await feedIdsMatching(deps.db, userId, name))]
  }
  const unspaced = parsed.terms.some((t) => UNSPACED.test(t.value))
  if (unspaced) filter.substrings = parsed.terms.map(({ value, negated }) => ({ value, negated }))
  else if (parsed.terms.length) filter.text = websearchText(parsed.terms)
  if (
    !parsed.terms.length &&
    !filter.feedIds &&
    parsed.view === undefined &&
    parsed.unread === undefined &&
    parsed.starred === undefined &&
    !parsed.before &&
    !parsed.after
  ) {
    throw invalid("q: type words to look for, or a filter such as is:unread")
  }

  const { items: shown, hasMore } = await searchPage(deps, filter, input.limit, input.offset)

  const positive = parsed.terms.filter((t) => !t.negated)
  const marks = unspaced
    ? positive.map((t) => ({ kind: "substring" as const, value: t.value.toLowerCase() }))
    : (await queryLexemes(deps.db, positive.map((t) => t.value).join(" "))).map((value) => ({
        kind: "prefix" as const,
        value,
      }))
  const texts = new Map(
    (
      await searchTexts(
        deps.db,
        shown.map((i) => i.entries.id),
      )
    ).map((row) => [row.id, row]),
  )
  const data = shown.map((item) => {
    const text = texts.get(item.entries.id)
    return {
      ...item,
      search: {
        title: highlight(text?.title ?? item.entries.title ?? "", marks),
        snippet: snippetOf(htmlToText(text?.content ?? ""), marks),
      },
    }
  })
  return { data, hasMore }
}

/**
 * One page of the user's entries matching a filter, ranked (words: by relevance among the newest matches; filters
 * alone: newest first), as list items: the search call's page before its highlights, and the AI chat's search tool.
 */
export async function searchPage(
  deps: Deps,
  filter: SearchFilter,
  limit: number,
  offset = 0,
): Promise<{ items: EntryListItem[]; hasMore: boolean }> {
  const candidates = filter.text ? await newestMatches(deps, { ...filter, text: filter.text }) : []
  if (filter.text && !candidates.length) return { items: [], hasMore: false }
  const keys = searchKeys(filter, limit, offset, candidates)
  const result = await deps.db.execute<{ items: string; hasRules: boolean }>(
    pageJson({ userId: filter.userId }, keys, false, true),
  )
  const page = result.rows[0]
  const items = JSON.parse(page?.items ?? "[]") as (EntryListItem & { aiScore?: unknown })[]
  const shown = items.slice(0, limit)
  for (const item of shown) delete item.aiScore
  if (page?.hasRules) await addEntrySettings(deps, filter.userId, shown)
  return { items: shown, hasMore: items.length > limit }
}

/**
 * The filter of plain words as the AI chat's search tool gets them (no search syntax: every word must appear):
 * full text, or substrings for scripts written without spaces.
 */
export function wordsFilter(userId: string, words: string[]): SearchFilter {
  const terms = words.map((value) => ({ value: value.replace(/^-+/, ""), negated: false, phrase: false }))
  const kept = terms.filter((t) => t.value)
  if (kept.some((t) => UNSPACED.test(t.value)))
    return { userId, substrings: kept.map(({ value }) => ({ value, negated: false })) }
  return { userId, text: websearchText(kept) }
}

type Mark = { kind: "prefix" | "substring"; value: string }

const SNIPPET = 200

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
}

/** The ranges of `text` a reader would see as the query's words: words starting with a lexeme, or substrings. */
function matchRanges(text: string, marks: Mark[]): [number, number][] {
  const ranges: [number, number][] = []
  const lower = text.toLowerCase()
  for (const mark of marks) {
    if (!mark.value) continue
    if (mark.kind === "substring") {
      for (let at = lower.indexOf(mark.value); at >= 0; at = lower.indexOf(mark.value, at + mark.value.length))
        ranges.push([at, at + mark.value.length])
    }
  }
  if (marks.some((m) => m.kind === "prefix")) {
    for (const word of lower.matchAll(/[\p{L}\p{N}]+/gu)) {
      if (marks.some((m) => m.kind === "prefix" && word[0].startsWith(m.value)))
        ranges.push([word.index, word.index + word[0].length])
    }
  }
  return ranges.sort((a, b) => a[0] - b[0])
}

function highlight(text: string, marks: Mark[], ranges = matchRanges(text, marks)): string {
  let out = ""
  let at = 0
  for (const [start, end] of ranges) {
    if (start < at) continue
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`
    at = end
  }
  return out + escapeHtml(text.slice(at))
}

/** About SNIPPET characters around the first match (or the start), cut at spaces, with ellipses where cut. */
function snippetOf(text: string, marks: Mark[]): string {
  const first = matchRanges(text, marks)[0]?.[0] ?? 0
  let start = Math.max(0, first - 60)
  if (start > 0) {
    const space = text.indexOf(" ", start)
    start = space >= 0 && space < first ? space + 1 : start
  }
  let end = Math.min(text.length, start + SNIPPET)
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end)
    end = space > first ? space : end
  }
  const part = text.slice(start, end)
  return `${start > 0 ? "…" : ""}${highlight(part, marks)}${end < text.length ? "…" : ""}`
}
