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

function origin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Base for an entry's relative URLs. xml:base wins; without one, a feed served from another origin than its
 * site (FeedBurner, a CDN, a feed service) means relative links point at the site, not at the feed host.
 */
export function entryBase(feedBase: string, docBase: string, siteUrl: string | null, xmlBase?: string): string {
  if (xmlBase) return withXmlBase(feedBase, xmlBase)
  if (feedBase !== docBase || !siteUrl) return feedBase
  const site = origin(siteUrl)
  return site && site !== origin(docBase) ? siteUrl : feedBase
}
