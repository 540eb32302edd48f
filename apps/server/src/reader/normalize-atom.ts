// Atom 0.3/1.0 feeds and entries → drafts; also the Atom helpers RSS reuses for atom:* elements.
import type { AtomFeed } from "feedsmith"
import { type EnclosureLike, mediaDescription } from "./media.ts"
import type { EntryDraft, FeedDraft } from "./normalize.ts"
import { isHtmlType, isXhtmlType, personName, type RichText, rich } from "./text.ts"
import { entryBase, resolveUrl, withXmlBase } from "./urls.ts"

type Link = AtomFeed.Link<string>
type Entry = AtomFeed.Entry<string>

// TypePad wrapped escaped HTML in Atom 1.0's xhtml div: <content type="html"><div xmlns="…xhtml">…</div>
const STRAY_XHTML_DIV = /^\s*<div\s+xmlns\s*=\s*["']http:\/\/www\.w3\.org\/1999\/xhtml["']\s*>([\s\S]*)<\/div>\s*$/

/** A text construct (title, summary, content…) with its own xml:base applied. */
export function atomText(t: AtomFeed.Text | AtomFeed.Content | undefined, base: string): RichText | null {
  if (!t?.value?.trim()) return null
  const xml = isXhtmlType(t.type)
  const html = xml || isHtmlType(t.type)
  const value = html && !xml ? (STRAY_XHTML_DIV.exec(t.value)?.[1] ?? t.value) : t.value
  return { value, html, base: withXmlBase(base, t.xml?.base), xml }
}

function isAlternate(l: Link): boolean {
  return !l.rel || l.rel === "alternate"
}

/** rel="alternate" (or no rel) link, preferring HTML pages over other alternates. */
export function alternateLink(links: Link[] | undefined, base: string): string | null {
  const alternates = (links ?? []).filter(isAlternate)
  const html = alternates.find((l) => !l.type || /html/i.test(l.type)) ?? alternates[0]
  return resolveUrl(html?.href, base)
}

/** WebSub discovery: the rel="hub" links and the rel="self" link of a feed (Atom, or atom:link in RSS). */
export function websubLinks(links: Link[] | undefined, base: string): { hubs: string[]; selfUrl: string | null } {
  const rels = (rel: string) => (links ?? []).filter((l) => l.rel?.trim().toLowerCase() === rel && l.href)
  const hubs = rels("hub")
    .map((l) => resolveUrl(l.href, base))
    .filter((u): u is string => !!u)
  return { hubs, selfUrl: resolveUrl(rels("self")[0]?.href, base) }
}

export function enclosureLinks(links: Link[] | undefined): EnclosureLike[] {
  return (links ?? [])
    .filter((l) => l.rel === "enclosure" && l.href)
    .map((l) => ({ url: l.href, type: l.type, length: l.length, title: l.title }))
}

export function atomAuthor(authors: AtomFeed.Person[] | undefined): { name: string | null; url: string | null } {
  const a = authors?.find((p) => p.name || p.email)
  return { name: a?.name ?? a?.email ?? null, url: a?.uri ?? null }
}

type DublinCore = Pick<Entry, "dc" | "dcterms">

/** Dublin Core's publication dates, most specific first: dc:date, dcterms:issued, created, date, available. */
export function publishedDates({ dc, dcterms }: DublinCore): (string | undefined)[] {
  const terms = dcterms ?? {}
  return [
    ...(dc?.dates ?? []),
    ...(terms.issued ?? []),
    ...(terms.created ?? []),
    ...(terms.dates ?? []),
    ...(terms.available ?? []),
  ]
}

/** RFC 4287 §4.2.2: term identifies the category; label is only its display form, for when term is missing. */
export function categoryName(c: AtomFeed.Category): string | undefined {
  return c.term?.trim() || c.label
}

function categories(entry: Entry): string[] {
  const atom = (entry.categories ?? []).map(categoryName)
  return [...atom, ...(entry.dc?.subjects ?? [])].filter((c): c is string => !!c)
}

function entryAuthor(entry: Entry, feed: AtomFeed.Feed<string>) {
  const own = atomAuthor(entry.authors)
  if (own.name) return own
  const dc = personName(entry.dc?.creators?.[0])
  if (dc) return { name: dc, url: null }
  const source = atomAuthor(entry.source?.authors)
  return source.name ? source : atomAuthor(feed.authors)
}

function entryDraft(entry: Entry, feed: AtomFeed.Feed<string>, feedBase: string): EntryDraft {
  const base = entryBase(feedBase, entry.xml?.base)
  const author = entryAuthor(entry, feed)
  const content = atomText(entry.content, base)
  return {
    guid: entry.id ?? null,
    title: atomText(entry.title, base),
    url: alternateLink(entry.links, base) ?? resolveUrl(entry.content?.src, base),
    content,
    summary: atomText(entry.summary, base) ?? rich(mediaDescription(entry.media), false, base),
    author: author.name,
    authorUrl: resolveUrl(author.url, base),
    authorAvatar: null,
    published: [entry.published, ...publishedDates(entry)],
    updated: [entry.updated, ...(entry.dcterms?.modified ?? [])],
    categories: categories(entry),
    media: {
      base,
      enclosures: enclosureLinks(entry.links),
      media: entry.media,
      itunesImage: entry.itunes?.image,
      duration: entry.itunes?.duration,
    },
    language: entry.xml?.lang ?? null,
  }
}

export function atomDraft(feed: AtomFeed.Feed<string>, docBase: string): FeedDraft {
  const base = withXmlBase(docBase, feed.xml?.base)
  const siteUrl = alternateLink(feed.links, base)
  return {
    format: "atom",
    title: atomText(feed.title, base),
    siteUrl,
    description: atomText(feed.subtitle, base),
    image: resolveUrl(feed.logo ?? feed.icon ?? feed.itunes?.image, base),
    language: feed.xml?.lang ?? feed.dc?.languages?.[0] ?? null,
    updated: [feed.updated, ...(feed.dcterms?.modified ?? []), ...(feed.dc?.dates ?? [])],
    ttl: null,
    ...websubLinks(feed.links, base),
    entries: (feed.entries ?? []).map((e) => entryDraft(e, feed, base)),
  }
}
