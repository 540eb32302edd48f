// RSS 0.9x/2.0 and RDF (RSS 1.0) channels and items → drafts, with the usual namespace fallbacks.
import type { AtomNs, RdfFeed, RssFeed } from "feedsmith"
import { ORIGINAL_LINK_REL } from "./legacy.ts"
import { mediaDescription } from "./media.ts"
import type { EntryDraft, FeedDraft } from "./normalize.ts"
import {
  alternateLink,
  atomAuthor,
  atomText,
  categoryName,
  enclosureLinks,
  publishedDates,
  websubLinks,
} from "./normalize-atom.ts"
import { personName, type RichText, rich } from "./text.ts"
import { entryBase, resolveUrl, withXmlBase } from "./urls.ts"

type Item = RssFeed.Item<string> | RdfFeed.Item<string>
type Channel = RssFeed.Feed<string> | RdfFeed.Feed<string>

function first<T>(list: T[] | undefined): T | undefined {
  return list?.[0]
}

function guidOf(item: Item): { value?: string; isPermaLink?: boolean } | undefined {
  if ("guid" in item && item.guid) return item.guid
  if ("rdf" in item && item.rdf?.about) return { value: item.rdf.about, isPermaLink: false }
  return undefined
}

function itemUrl(item: Item, base: string): string | null {
  const atomLinks = item.atom?.links
  const original = atomLinks?.find((l) => l.rel === ORIGINAL_LINK_REL)?.href
  const guid = guidOf(item)
  const permalink = guid?.isPermaLink !== false && /^https?:\/\//i.test(guid?.value ?? "") ? guid?.value : undefined
  return (
    resolveUrl(original, base) ??
    resolveUrl(item.link, base) ??
    alternateLink(
      atomLinks?.filter((l) => l.rel !== ORIGINAL_LINK_REL),
      base,
    ) ??
    resolveUrl(permalink, base)
  )
}

function itemTitle(item: Item, base: string) {
  const plain = item.title ?? first(item.dc?.titles) ?? item.media?.title?.value ?? itunesOf(item)?.title
  return rich(plain, false, base) ?? atomText(item.atom?.title, base)
}

function itunesOf(item: Item) {
  return "itunes" in item ? item.itunes : undefined
}

/**
 * description is RSS's summary and, without content:encoded, its content too. When the item also carries an
 * explicit summary (atom:summary, itunes:summary), description is the full text and the summary the summary.
 */
function itemTexts(item: Item, base: string): { content: RichText | null; summary: RichText | null } {
  const encoded = rich(item.content?.encoded, true, base) ?? atomText(item.atom?.content, base)
  const description = rich(item.description ?? first(item.dc?.descriptions), true, base)
  const explicit = atomText(item.atom?.summary, base) ?? rich(itunesOf(item)?.summary, false, base)
  if (description && explicit && !encoded) return { content: description, summary: explicit }
  const summary = description ?? explicit ?? rich(mediaDescription(item.media), false, base)
  return { content: encoded, summary }
}

function itemAuthor(item: Item, fallback: Person): Person {
  const person = "authors" in item ? first(item.authors) : undefined
  const name = person?.name ?? personName(first(item.dc?.creators) ?? itunesOf(item)?.author) ?? person?.email
  const atom = atomAuthor(item.atom?.authors)
  if (name) return { name, url: person?.link ?? null }
  return atom.name ? atom : fallback
}

interface Person {
  name: string | null
  url: string | null
}

function itemCategories(item: Item): string[] {
  const rss = "categories" in item ? (item.categories ?? []).map((c) => c.name) : []
  const atom = (item.atom?.categories ?? []).map(categoryName)
  const media = [item.media, ...(item.media?.groups ?? [])]
    .flatMap((m) => m?.categories ?? [])
    .map((c) => c.label ?? c.name)
  return [...rss, ...(item.dc?.subjects ?? []), ...atom, ...media].filter((c): c is string => !!c)
}

function itemDraft(item: Item, base: string, author: Person): EntryDraft {
  const itunes = itunesOf(item)
  const who = itemAuthor(item, author)
  const { content, summary } = itemTexts(item, base)
  return {
    guid: guidOf(item)?.value ?? null,
    title: itemTitle(item, base),
    url: itemUrl(item, base),
    content,
    summary,
    author: who.name,
    authorUrl: resolveUrl(who.url, base),
    authorAvatar: null,
    published: ["pubDate" in item ? item.pubDate : undefined, ...publishedDates(item), item.atom?.published],
    updated: [item.atom?.updated, ...(item.dcterms?.modified ?? [])],
    categories: itemCategories(item),
    media: {
      base,
      enclosures: [...("enclosures" in item ? (item.enclosures ?? []) : []), ...enclosureLinks(item.atom?.links)],
      media: item.media,
      itunesImage: itunes?.image,
      duration: itunes?.duration,
    },
    language: first(item.dc?.languages) ?? item.xml?.lang ?? null,
  }
}

function channelAuthor(ch: Channel): Person {
  const itunes = "itunes" in ch ? ch.itunes?.author : undefined
  const name = personName(first(ch.dc?.creators) ?? itunes) ?? atomAuthor(ch.atom?.authors).name
  return { name, url: null }
}

function channelImage(ch: Channel, base: string): string | null {
  const itunes = "itunes" in ch ? ch.itunes?.image : undefined
  const atom: AtomNs.Feed<string> | undefined = ch.atom
  return (
    resolveUrl(ch.image?.url, base) ??
    resolveUrl(itunes, base) ??
    resolveUrl(atom?.logo ?? atom?.icon, base) ??
    resolveUrl(first(ch.media?.thumbnails)?.url, base)
  )
}

function channelDescription(ch: Channel, base: string) {
  const itunes = "itunes" in ch ? ch.itunes : undefined
  const html = ch.description ?? first(ch.dc?.descriptions)
  return (
    rich(html, true, base) ??
    rich(itunes?.summary ?? itunes?.subtitle, false, base) ??
    atomText(ch.atom?.subtitle, base)
  )
}

function channelUpdated(ch: Channel): (string | undefined)[] {
  const rss = "lastBuildDate" in ch ? [ch.lastBuildDate, ch.pubDate] : []
  return [...rss, ...(ch.dcterms?.modified ?? []), ...publishedDates(ch), ch.atom?.updated]
}

export function rssDraft(ch: Channel, format: "rss" | "rdf", docBase: string): FeedDraft {
  const base = withXmlBase(docBase, ch.xml?.base)
  const author = channelAuthor(ch)
  const itunes = "itunes" in ch ? ch.itunes : undefined
  const language = ("language" in ch ? ch.language : undefined) ?? first(ch.dc?.languages) ?? ch.xml?.lang ?? null
  const siteUrl = resolveUrl(ch.link, base) ?? alternateLink(ch.atom?.links, base)
  return {
    format,
    title: rich(ch.title ?? first(ch.dc?.titles) ?? itunes?.title, false, base) ?? atomText(ch.atom?.title, base),
    siteUrl,
    description: channelDescription(ch, base),
    image: channelImage(ch, base),
    language,
    updated: channelUpdated(ch),
    ttl: "ttl" in ch ? (ch.ttl ?? null) : null,
    ...websubLinks(ch.atom?.links, base),
    entries: (ch.items ?? []).map((item) => itemDraft(item, entryBase(base, item.xml?.base), author)),
  }
}
