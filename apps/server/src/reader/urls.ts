// URL resolution against the document base, Content-Location and nested xml:base attributes.

// Links a reader may follow. javascript:, data: and the like in a feed's link fields would be handed to every
// client (and to webhooks) as clickable links, so they are dropped here, once for all link fields.
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"])

/** Absolute http(s) or mailto URL for a feed-supplied value, or null when it is empty, unparseable or another scheme. */
export function resolveUrl(value: string | null | undefined, base: string): string | null {
  const v = value?.trim()
  if (!v) return null
  try {
    const url = new URL(v, base || undefined)
    return LINK_SCHEMES.has(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

/** The base in effect inside an element carrying xml:base (relative values resolve against the outer base). */
export function withXmlBase(base: string, xmlBase: string | null | undefined): string {
  return resolveUrl(xmlBase, base) ?? base
}

/** The document's own base: Content-Location (itself relative to the URL) overrides the fetched URL. */
export function documentBase(url: string, contentLocation?: string | null): string {
  return resolveUrl(contentLocation, url) ?? resolveUrl(url, "") ?? url
}

/**
 * Base for an entry's relative URLs (RFC 3986 §5.1, RFC 4287 §1.3): the entry's xml:base, else the enclosing
 * base, which is the feed's xml:base, else Content-Location, else the document URL. Never the channel link:
 * Miniflux resolves against it (its TestParseEntryWithRelativeURL), but a feed served by a CDN or feed service
 * may name a site whose paths differ, and the RFC gives the link no part in resolution. docs/decisions/0003-relative-url-base.md.
 */
export function entryBase(feedBase: string, xmlBase?: string): string {
  return withXmlBase(feedBase, xmlBase)
}
