// Full article content with Readability: fetched from the entry's page, kept with its time, refreshed when older
// than three days (spec). When the page cannot be had, the entry's own content stands in.
import { READABILITY_MAX_AGE_MS } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { decodeHtmlBytes } from "../reader/decode.ts"
import { fetchDocument, HTML_ACCEPT } from "../reader/fetch.ts"
import { extractArticle } from "../reader/html.ts"
import { findEntryForUser, saveReadability } from "../storage/entries.ts"
import { fetchOptions } from "./feeds.ts"

// Several readers opening the same entry at once share one fetch.
const inFlight = new Map<string, Promise<string | null>>()

export async function getReadability(deps: Deps, userId: string, entryId: string) {
  const found = await findEntryForUser(deps.db, userId, entryId)
  if (!found) throw new AppError(ErrorCode.EntryNotFound)
  const { entry } = found
  const fresh =
    entry.readabilityUpdatedAt && deps.now().getTime() - entry.readabilityUpdatedAt.getTime() < READABILITY_MAX_AGE_MS
  if (entry.readabilityContent && fresh) return { content: entry.readabilityContent }
  if (!entry.url) return entry.content ? { content: entry.content } : null
  let pending = inFlight.get(entry.id)
  if (!pending) {
    pending = extract(deps, entry.id, entry.url).finally(() => inFlight.delete(entry.id))
    inFlight.set(entry.id, pending)
  }
  const content = (await pending) ?? entry.readabilityContent ?? entry.content
  return content ? { content } : null
}

async function extract(deps: Deps, entryId: string, url: string): Promise<string | null> {
  try {
    const page = await fetchDocument(url, { ...fetchOptions(deps), accept: HTML_ACCEPT })
    if (page.status !== "ok") return null
    const article = await extractArticle(decodeHtmlBytes(page.body, page.contentType), page.url)
    if (!article) return null
    await saveReadability(deps.db, entryId, article.content, deps.now())
    return article.content
  } catch (error) {
    deps.log.info("readability failed", { entryId, error: error instanceof Error ? error.message : String(error) })
    return null
  }
}
