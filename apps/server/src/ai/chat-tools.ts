// The chat's tools: the model reads and changes the caller's own data through the same services the API calls use,
// so marking read or subscribing from the chat has exactly the effects of the API call. Every tool works on the
// calling user's data only; a failure is answered to the model as {error} rather than thrown, so it can say so.
import type { EntryListItem } from "@tidings/shared"
import type { Tool, ToolSet } from "ai"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError } from "../errors.ts"
import { htmlToText } from "../reader/sanitize.ts"
import { getUnreadCountsJson, markRead } from "../services/reads.ts"
import { searchTimelineJson, userSavedSearches } from "../services/saved-searches.ts"
import { searchPage, wordsFilter } from "../services/search.ts"
import type { SessionInfo } from "../services/session.ts"
import { listSubscriptionsJson, subscribe } from "../services/subscriptions.ts"
import { type EntryHit, ownInboxEntryIds, searchEntriesForUser } from "../storage/ai-chat-entries.ts"
import { findEntryForUser } from "../storage/entries.ts"
import { findInboxEntry } from "../storage/inboxes.ts"
import { EMBEDDING_CANDIDATES, meaningAvailable, similarities } from "./embeddings.ts"

/**
 * The newest timeline rows (of the window asked for) one search looks through. Matching text means reading each
 * entry's content, which PostgreSQL keeps compressed: about 0.1 ms an entry on the embedded database, where every
 * statement runs on the event loop, so it looks through fewer there; PostgreSQL works in its own processes.
 */
export function searchScanRows(deps: Deps): number {
  return deps.config.DATABASE_URL ? 5000 : 500
}
/** Characters of an entry's text the model gets from readEntry. */
const READ_MAX_CHARS = 8000

export const CHAT_TOOL_NAMES = [
  "searchEntries",
  "readEntry",
  "listSubscriptions",
  "unreadCounts",
  "markRead",
  "subscribe",
] as const

const isoDate = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(new Date(v).getTime()), "not a date")
  .transform((v) => new Date(v))

const searchInput = z.object({
  query: z
    .string()
    .max(200)
    .describe(
      "What to look for: words in the title or text (and, where the server ranks by meaning, what they are about); empty lists the newest",
    ),
  limit: z.number().int().min(1).max(20).optional().describe("How many entries, default 10"),
  feedId: z.string().max(64).optional().describe("Only entries of this feed"),
  unreadOnly: z.boolean().optional().describe("Only unread entries"),
  publishedAfter: isoDate.optional().describe("ISO date or time: only entries published at or after it"),
  publishedBefore: isoDate.optional().describe("ISO date or time: only entries published before it"),
  savedSearchId: z
    .string()
    .max(64)
    .optional()
    .describe("Only the matches of this saved search of the user's (listSubscriptions gives them), newest first"),
})
const readInput = z.object({ entryId: z.string().min(1).max(64) })
const viewInput = z.object({
  view: z
    .number()
    .int()
    .min(0)
    .max(5)
    .optional()
    .describe("0 articles, 1 social media, 2 pictures, 3 videos, 4 audio, 5 notifications"),
})
const markInput = z.object({
  entryIds: z.array(z.string().min(1).max(64)).min(1).max(100),
  read: z.boolean().optional().describe("false marks them unread; default true"),
})
const subscribeInput = z.object({
  url: z.string().min(1).max(2048).describe("The feed's URL, or a site's URL to discover its feed"),
  view: z.number().int().min(0).max(5).optional().describe("0 articles (default), 1 social media, 2 pictures, …"),
  category: z.string().max(200).optional(),
})

/** A tool from a zod input schema and a function of its parsed input (typed here rather than by the SDK's helper,
 * which would have to be imported at start-up). */
function defineTool<S extends z.ZodType, R>(
  description: string,
  inputSchema: S,
  run: (input: z.infer<S>) => Promise<R>,
): Tool<z.infer<S>, R | { error: string }> {
  return {
    description,
    inputSchema,
    execute: async (input: z.infer<S>) => {
      try {
        return await run(input)
      } catch (error) {
        if (error instanceof AppError)
          return { error: error.reason ? `${error.message}: ${error.reason}` : error.message }
        throw error
      }
    },
  } as unknown as Tool<z.infer<S>, R | { error: string }>
}

export function snippet(html: string | null | undefined, max = 240): string {
  const text = htmlToText(html ?? "")
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function hitOut(h: EntryHit) {
  return {
    id: h.id,
    title: h.title,
    url: h.url,
    source: h.source,
    ...(h.inbox ? { inbox: h.inbox } : { feedId: h.feedId }),
    publishedAt: h.publishedAt.toISOString(),
    read: h.read,
    snippet: snippet(h.excerpt),
  }
}

/** A saved search's matches as the search tool answers entries: its timeline (services/saved-searches.ts). */
async function savedSearchHits(deps: Deps, userId: string, input: z.infer<typeof searchInput>) {
  const json = await searchTimelineJson(deps, userId, {
    searchId: input.savedSearchId!,
    limit: input.limit ?? 10,
    read: input.unreadOnly ? false : undefined,
    publishedAfter: input.publishedBefore,
  })
  const items = JSON.parse(json) as EntryListItem[]
  return items
    .filter((item) => !input.publishedAfter || new Date(item.entries.publishedAt) >= input.publishedAfter)
    .slice(0, input.limit ?? 10)
    .map(itemOut)
}

function itemOut(item: EntryListItem) {
  return {
    id: item.entries.id,
    title: item.entries.title,
    url: item.entries.url,
    source: item.feeds.title,
    feedId: item.feeds.id,
    publishedAt: item.entries.publishedAt,
    read: item.read ?? false,
    snippet: snippet(item.entries.description),
  }
}

/**
 * Words through the server's full-text search first (ranked, stemmed: "rivers" finds "river"), then the plain
 * match of title and text over the newest rows for what that cannot see: inbox entries, and entries that arrived
 * since the indexer last ran. Answers at most `limit`, the full-text ones first.
 */
async function wordHits(deps: Deps, userId: string, input: z.infer<typeof searchInput>, words: string[]) {
  const limit = input.limit ?? 10
  const { items } = await searchPage(
    deps,
    {
      ...wordsFilter(userId, words),
      ...(input.feedId ? { feedIds: [input.feedId] } : {}),
      ...(input.unreadOnly ? { unread: true } : {}),
      ...(input.publishedAfter ? { after: input.publishedAfter } : {}),
      ...(input.publishedBefore ? { before: input.publishedBefore } : {}),
    },
    limit,
  )
  const ranked = items.map(itemOut)
  if (ranked.length >= limit) return ranked
  const plain = await searchEntriesForUser(deps.db, userId, {
    words,
    limit,
    feedId: input.feedId,
    unreadOnly: input.unreadOnly,
    from: input.publishedAfter,
    to: input.publishedBefore,
    scan: searchScanRows(deps),
  })
  const seen = new Set(ranked.map((hit) => hit.id))
  return [...ranked, ...plain.filter((hit) => !seen.has(hit.id)).map(hitOut)].slice(0, limit)
}

/** Similarity a recent entry needs to be offered by meaning alone (no word of the question in it). */
const MEANING_MIN = 0.35
/** A word match's lead over an entry that is only close in meaning: the reader's own words are evidence too. */
const WORD_LEAD = 0.15

type SearchHit = ReturnType<typeof hitOut> | ReturnType<typeof itemOut>

/**
 * With the server's embedding model: the word matches and the newest entries the filters allow, ordered by how close
 * they are to the question in meaning (word matches keep a lead); an entry with no word of the question comes in only
 * when it is close. Without embeddings, or when they fail, the word matches as they are.
 */
async function rankedByMeaning(
  deps: Deps,
  session: SessionInfo,
  input: z.infer<typeof searchInput>,
  hits: SearchHit[],
): Promise<SearchHit[]> {
  if (!(await meaningAvailable(deps, session.userId))) return hits
  const recent = await searchEntriesForUser(deps.db, session.userId, {
    words: [],
    limit: EMBEDDING_CANDIDATES - 1 - hits.length,
    feedId: input.feedId,
    unreadOnly: input.unreadOnly,
    from: input.publishedAfter,
    to: input.publishedBefore,
    scan: searchScanRows(deps),
  })
  const matched = new Set(hits.map((hit) => hit.id))
  const pool: SearchHit[] = [...hits, ...recent.filter((hit) => !matched.has(hit.id)).map(hitOut)]
  const scores = await similarities(
    deps,
    { userId: session.userId, role: session.role },
    input.query,
    pool.map((hit) => ({ id: hit.id, text: `${hit.title ?? ""}\n${hit.snippet ?? ""}` })),
  )
  if (!scores) return hits
  const score = (hit: SearchHit) => (scores.get(hit.id) ?? 0) + (matched.has(hit.id) ? WORD_LEAD : 0)
  return pool
    .filter((hit) => matched.has(hit.id) || (scores.get(hit.id) ?? 0) >= MEANING_MIN)
    .sort((a, b) => score(b) - score(a))
    .slice(0, input.limit ?? 10)
}

interface WireSubscription {
  type?: string
  feedId?: string | null
  listId?: string | null
  inboxId?: string | null
  view: number
  category?: string | null
  title?: string | null
  feeds?: { title?: string | null; url?: string }
  lists?: { title?: string | null }
  inboxes?: { title?: string | null }
}

async function subscriptionsOf(deps: Deps, userId: string, view?: number) {
  const items = JSON.parse(await listSubscriptionsJson(deps, userId, { view })) as WireSubscription[]
  return items.map((s) => ({
    type: s.listId ? "list" : s.inboxId ? "inbox" : "feed",
    id: s.feedId ?? s.listId ?? s.inboxId ?? "",
    title: s.title || s.feeds?.title || s.lists?.title || s.inboxes?.title || null,
    ...(s.feeds?.url ? { url: s.feeds.url } : {}),
    category: s.category ?? null,
    view: s.view,
  }))
}

export function chatTools(deps: Deps, session: SessionInfo): ToolSet {
  const userId = session.userId
  return {
    searchEntries: defineTool(
      "Search the entries of the user's feeds, lists and inboxes by words in their title or text: the best full-text matches first, then the newest plain matches.",
      searchInput,
      async (input) => {
        if (input.savedSearchId) return { entries: await savedSearchHits(deps, userId, input) }
        const words = input.query.split(/\s+/).filter(Boolean).slice(0, 8)
        if (words.length)
          return { entries: await rankedByMeaning(deps, session, input, await wordHits(deps, userId, input, words)) }
        const hits = await searchEntriesForUser(deps.db, userId, {
          words,
          limit: input.limit ?? 10,
          feedId: input.feedId,
          unreadOnly: input.unreadOnly,
          from: input.publishedAfter,
          to: input.publishedBefore,
          scan: searchScanRows(deps),
        })
        return { entries: hits.map(hitOut) }
      },
    ),
    readEntry: defineTool("Read one entry of the user's: its title, source and text.", readInput, async (input) => {
      const found = await findEntryForUser(deps.db, userId, input.entryId)
      if (found) {
        const { entry, feed } = found
        return entryOut(entry, feed.title, found.read ?? true)
      }
      const inbox = await findInboxEntry(deps.db, userId, input.entryId)
      if (!inbox) return { error: "Entry not found" }
      return entryOut(inbox.entry, inbox.inbox.title ?? inbox.inbox.handle, inbox.entry.read)
    }),
    listSubscriptions: defineTool(
      "List the feeds, lists and inboxes the user follows, and their saved searches (smart feeds).",
      viewInput,
      async (input) => ({
        subscriptions: await subscriptionsOf(deps, userId, input.view),
        savedSearches: (await userSavedSearches(deps, userId)).map(({ id, title, query, unread }) => ({
          id,
          title,
          query,
          unread,
        })),
      }),
    ),
    unreadCounts: defineTool(
      "Count the user's unread entries: the total and each feed, list and inbox with unread entries.",
      viewInput,
      async (input) => {
        const [counts, subs] = await Promise.all([
          getUnreadCountsJson(deps, userId, input.view).then((j) => JSON.parse(j) as Record<string, number>),
          subscriptionsOf(deps, userId, input.view),
        ])
        const sources = subs
          .map((s) => ({ type: s.type, id: s.id, title: s.title, unread: counts[s.id] ?? 0 }))
          .filter((s) => s.unread > 0)
          .sort((a, b) => b.unread - a.unread)
        return { total: sources.reduce((n, s) => n + s.unread, 0), sources: sources.slice(0, 50) }
      },
    ),
    markRead: defineTool("Mark entries of the user's as read (or unread).", markInput, async (input) => {
      const ids = [...new Set(input.entryIds)]
      const read = input.read ?? true
      const inboxIds = new Set(await ownInboxEntryIds(deps.db, userId, ids))
      const feedIds = ids.filter((id) => !inboxIds.has(id))
      if (feedIds.length) await markRead(deps, userId, feedIds, read)
      if (inboxIds.size) await markRead(deps, userId, [...inboxIds], read, true)
      return { marked: ids.length, read }
    }),
    subscribe: defineTool(
      "Subscribe the user to a feed by its URL (or a site's URL).",
      subscribeInput,
      async (input) => {
        const done = await subscribe(deps, session, { url: input.url, view: input.view ?? 0, category: input.category })
        if (!done.feed) return { error: "Feed not found" }
        return {
          feed: { id: done.feed.id, title: done.feed.title, url: done.feed.url },
          unread: done.unread[done.feed.id] ?? 0,
        }
      },
    ),
  }
}

function entryOut(
  entry: {
    id: string
    title: string | null
    url: string | null
    author: string | null
    publishedAt: Date
    content: string | null
    description: string | null
  },
  source: string | null,
  read: boolean,
) {
  const text = htmlToText(entry.content || entry.description || "")
  return {
    id: entry.id,
    title: entry.title,
    url: entry.url,
    author: entry.author,
    source,
    publishedAt: entry.publishedAt.toISOString(),
    read,
    text: text.slice(0, READ_MAX_CHARS),
    truncated: text.length > READ_MAX_CHARS,
  }
}
