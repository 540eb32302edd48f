// HTML pages a feed reader meets besides feeds: a site's home page (feed auto-discovery) and an article page
// (full content with Readability).
import { Parser } from "htmlparser2"
import { sanitizeHtml } from "./sanitize.ts"

const FEED_TYPES = /^(application\/(rss|atom|rdf|feed)\+xml|application\/(feed\+)?json|application\/xml|text\/xml)\b/i

export interface FeedLink {
  url: string
  title: string | null
}

/** `<link rel="alternate" type="application/rss+xml" href>` and friends, in page order, absolute and unique. */
export function findFeedLinks(html: string, pageUrl: string): FeedLink[] {
  const found: FeedLink[] = []
  let base = pageUrl
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "base" && attrs.href) base = absolute(attrs.href, pageUrl) ?? base
      if (name !== "link" || !attrs.href) return
      const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/)
      if (!rel.includes("alternate") && !rel.includes("feed")) return
      if (rel.includes("alternate") && !FEED_TYPES.test(attrs.type ?? "")) return
      const url = absolute(attrs.href, base)
      if (url && !found.some((f) => f.url === url)) found.push({ url, title: attrs.title?.trim() || null })
    },
  })
  parser.end(html)
  return found
}

/** Where sites usually keep their feed, tried when a page advertises none. */
export function commonFeedUrls(pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin
  return ["/feed", "/rss", "/feed.xml", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json", "/?feed=rss2"].map(
    (path) => `${origin}${path}`,
  )
}

function absolute(href: string, base: string): string | null {
  try {
    const url = new URL(href, base)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null
  } catch {
    return null
  }
}

/** The main article of a page as sanitised HTML, or null when Readability finds none. */
export async function extractArticle(
  html: string,
  pageUrl: string,
): Promise<{ title: string | null; content: string } | null> {
  // Loaded on the first article asked for: a DOM and Readability are heavy, and many servers never need them.
  const [{ parseHTML }, { Readability }] = await Promise.all([import("linkedom"), import("@mozilla/readability")])
  const { document } = parseHTML(html)
  const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
    charThreshold: 200,
  }).parse()
  if (!article?.content) return null
  const content = sanitizeHtml(article.content, pageUrl)
  return content.trim() ? { title: article.title ?? null, content } : null
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)\b/i.test(text)
}
