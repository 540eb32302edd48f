// @-mentions of feeds in the chat's input: the word after an "@" just before the caret picks from the user's feed
// subscriptions; a picked feed reads "@Title" in the text and goes with the message as context.referFeedIds, so the
// server puts that feed's recent entries in front of the model.
import type { Subscription } from "@tidings/shared"

export interface MentionQuery {
  /** Where the "@" is. */
  start: number
  query: string
}

export interface FeedMention {
  feedId: string
  title: string
}

/** The mention being typed at the caret: an "@" at the start or after a space, then up to 40 non-space characters. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(text.slice(0, caret))
  if (!match) return null
  return { start: caret - match[2].length - 1, query: match[2] }
}

type Listed = Subscription & { feeds?: { title?: string | null; url?: string | null } }

/** The user's feeds whose title contains the query (case-insensitive), titles starting with it first. */
export function feedChoices(subscriptions: readonly Listed[], query: string, limit = 6): FeedMention[] {
  const q = query.toLowerCase()
  const feeds = subscriptions
    .filter((s) => s.type === "feed" && s.feedId)
    .map((s) => ({ feedId: s.feedId as string, title: s.title || s.feeds?.title || s.feeds?.url || "" }))
    .filter((f) => f.title?.toLowerCase().includes(q))
  const starts = (f: FeedMention) => (f.title.toLowerCase().startsWith(q) ? 0 : 1)
  return feeds.sort((a, b) => starts(a) - starts(b) || a.title.localeCompare(b.title)).slice(0, limit)
}

/** The text with the mention typed at `at` replaced by "@Title ", and where the caret goes after it. */
export function insertMention(text: string, at: MentionQuery, title: string): { text: string; caret: number } {
  const before = text.slice(0, at.start)
  const after = text.slice(at.start + 1 + at.query.length)
  const inserted = `@${title} `
  return { text: `${before}${inserted}${after.replace(/^ /, "")}`, caret: before.length + inserted.length }
}

/** The mentioned feeds still named in the text when it is sent. */
export function mentionedFeedIds(text: string, mentions: readonly FeedMention[]): string[] {
  return [...new Set(mentions.filter((m) => text.includes(`@${m.title}`)).map((m) => m.feedId))]
}
