// The keys by which one story is recognised across feeds (issue 15, "duplicates across feeds"): its canonical URL,
// a guid that is unique beyond its feed, and its normalised title. Worked out by the search indexer for new entries,
// stored in `story_keys` and matched there (storage/duplicates.ts). No database imports here.
import { hash } from "node:crypto"

/** Titles match only when the entries were published at most this far apart. */
export const TITLE_WINDOW_MS = 48 * 3_600_000

/** Query parameters that only track where a reader came from. */
const TRACKING =
  /^(utm_\w*|fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|mc_cid|mc_eid|ref|ref_src|ref_url|source|igshid|_hsenc|_hsmi|mkt_tok|spm|cmpid|ncid|sr_share)$/i

/**
 * A URL with what does not change the page removed: scheme (http/https alike), fragment, default port (the URL
 * parser drops it), host case and a leading "www.", tracking parameters, a trailing slash; remaining parameters
 * sorted. Null for anything but an http(s) URL.
 */
export function canonicalUrl(raw: string | null | undefined): string | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : 1))
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : ""
  const path = url.pathname.replace(/\/+$/, "")
  const host = url.host.toLowerCase().replace(/^www\./, "")
  return `${host}${path}${query}`
}

/** A title compared case-, punctuation- and whitespace-blind. */
export function normalisedTitle(title: string | null | undefined): string {
  if (!title) return ""
  return title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim()
}

const digest = (text: string) => hash("sha1", text, "base64url").slice(0, 16)

/** A guid made to be unique beyond one feed (a URL or tag: URI, or long enough); "123" or "post-4" are not. */
function globalGuid(guid: string): boolean {
  return guid.length >= 16 && !/^\d+$/.test(guid)
}

/**
 * The story keys of one entry: `u:` its canonical URL (or its guid's, when the guid is a URL), `g:` a globally
 * unique guid, `t:` its normalised title (at least 6 characters). Two entries are one story when they share a `u:` or
 * `g:` key, or a `t:` key and were published at most TITLE_WINDOW_MS apart (the grouping statement checks the time).
 */
export function storyKeys(entry: { url: string | null; guid: string; title: string | null }) {
  const keys = new Set<string>()
  const url = canonicalUrl(entry.url)
  if (url) keys.add(`u:${digest(url)}`)
  const guidUrl = canonicalUrl(entry.guid)
  if (guidUrl) keys.add(`u:${digest(guidUrl)}`)
  else if (globalGuid(entry.guid)) keys.add(`g:${digest(entry.guid)}`)
  const title = normalisedTitle(entry.title)
  if ([...title].length >= 6) keys.add(`t:${digest(title)}`)
  return [...keys]
}
