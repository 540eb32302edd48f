// Legacy and vendor constructs feedsmith does not read, rewritten at text level into standard ones it does.
// Every pattern here is linear on hostile input: attribute runs stop at "<", and element bodies are found by
// indexOf (see replaceElements), never by lazy regexes that rescan the document for each unclosed start tag.
import { escapeXml } from "./compat.ts"

/** Rel under which feedburner:origLink (the article URL behind FeedBurner's redirect) reaches the mapper. */
export const ORIGINAL_LINK_REL = "x-original"

type Replacer = (name: string, attrs: string, inner: string) => string | null

/** Finds "</name" followed by whitespace or ">", from a position; -1 when there is none. */
function findEndTag(xml: string, name: string, from: number): number {
  for (let i = xml.indexOf(`</${name}`, from); i >= 0; i = xml.indexOf(`</${name}`, i + 1)) {
    const next = xml[i + name.length + 2]
    if (next === ">" || next === " " || next === "\t" || next === "\n" || next === "\r") return i
  }
  return -1
}

/**
 * Replaces whole elements whose start tag `open` matches (group 1: name, group 2: attributes). End tags are found
 * with indexOf and remembered per name, so start tags that share the same next end tag cost one search in total.
 */
function replaceElements(xml: string, open: RegExp, replace: Replacer): string {
  const out: string[] = []
  const nextEnd = new Map<string, number>()
  let last = 0
  open.lastIndex = 0
  for (let m = open.exec(xml); m; m = open.exec(xml)) {
    const [tag, name, attrs = ""] = m
    if (tag.endsWith("/>")) continue
    const known = nextEnd.get(name)
    const close =
      known !== undefined && (known < 0 || known >= open.lastIndex) ? known : findEndTag(xml, name, open.lastIndex)
    nextEnd.set(name, close)
    const closeEnd = close < 0 ? -1 : xml.indexOf(">", close)
    if (closeEnd < 0) continue
    const replacement = replace(name, attrs, xml.slice(open.lastIndex, close))
    if (replacement === null) continue
    out.push(xml.slice(last, m.index), replacement)
    last = closeEnd + 1
    open.lastIndex = last
  }
  return last === 0 ? xml : out.join("") + xml.slice(last)
}

const TEXT_CONSTRUCT = "(?:[\\w-]+:)?(?:title|subtitle|summary|content|rights|tagline|info|copyright)"
const CONSTRUCT_START = new RegExp(`<(${TEXT_CONSTRUCT})(\\s[^<>]*)>`, "g")
const BINARY_TYPE = /\btype\s*=\s*["'](?:application|image|audio|video)\/(?![\w.+-]*xml["'])[\w.+-]+["']/i
const BASE64_MODE = /\bmode\s*=\s*["']base64["']/i
const XHTML_TYPE = /\btype\s*=\s*["']application\/xhtml\+xml["']/i
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true })

function decodeBase64Text(body: string): string | null {
  if (body.includes("<")) return null
  try {
    return STRICT_UTF8.decode(Buffer.from(body.replace(/\s+/g, ""), "base64")) || null
  } catch {
    return null
  }
}

/**
 * Base64 text constructs: Atom 0.3 mode="base64", and Atom 1.0 content whose type is a non-text, non-XML media
 * type (RFC 4287 §4.1.3.3). Decoded in place into escaped text; binary payloads keep their type and stay put.
 */
function decodeBase64Constructs(xml: string): string {
  if (!BASE64_MODE.test(xml) && !BINARY_TYPE.test(xml)) return xml
  return replaceElements(xml, CONSTRUCT_START, (name, attrs, body) => {
    const byMode = BASE64_MODE.test(attrs)
    if (!byMode && !BINARY_TYPE.test(attrs)) return null
    const decoded = decodeBase64Text(body)
    if (decoded === null) return null
    const kept = attrs.replace(BASE64_MODE, "")
    // a decoded octet-stream has no declared text type; HTML is the reading that loses nothing (it is sanitised)
    const typed = byMode ? kept : kept.replace(BINARY_TYPE, 'type="html"')
    return `<${name}${typed}>${escapeXml(decoded)}</${name}>`
  })
}

/**
 * Atom 0.3 inline XML is the content itself, root element included; only Atom 1.0 type="xhtml" has a wrapper div.
 * feedsmith unwraps both, so 0.3 content gets a wrapper of its own to lose instead.
 */
function wrapAtom03Inline(xml: string): string {
  if (!xml.includes("purl.org/atom/ns#") || !xml.includes("application/xhtml+xml")) return xml
  return replaceElements(xml, CONSTRUCT_START, (name, attrs, inner) =>
    XHTML_TYPE.test(attrs)
      ? `<${name}${attrs}><div xmlns="http://www.w3.org/1999/xhtml">${inner}</div></${name}>`
      : null,
  )
}

// <xhtml:body>, <body xmlns="…xhtml"> and <fullitem> carried full item content in early RSS 2.0 feeds.
const BODY_START = /<((?:[\w-]+:)?body|fullitem)(?=[\s/>])([^<>]*)>/g

function rewriteLegacyContent(xml: string): string {
  return replaceElements(xml, BODY_START, (name, _attrs, inner) => {
    if (name === "fullitem") return `<content:encoded>${inner}</content:encoded>`
    const html = inner.replace(/<(\/?)[\w-]+:/g, "<$1")
    return `<content:encoded>${escapeXml(html)}</content:encoded>`
  })
}

// RSS has no <summary>, but feeds use it next to <description>; atom:summary is what it means.
function rewriteRssSummary(xml: string): string {
  if (!xml.includes("<summary")) return xml
  return xml.replace(/<(\/?)summary\b/g, "<$1atom:summary")
}

const ITUNES_CATEGORY = /<itunes:category\b([^<>]*)>/g
const TEXT_ATTR = /\btext\s*=\s*(?:"([^"]*)"|'([^']*)')/

// itunes:category is a (possibly nested) category; on items feedsmith ignores it, so make it a plain one.
function rewriteItunesCategories(xml: string): string {
  if (!xml.includes("<itunes:category")) return xml
  return xml
    .replace(ITUNES_CATEGORY, (_, attrs: string) => {
      const m = TEXT_ATTR.exec(attrs)
      return m ? `<category>${m[1] ?? m[2]}</category>` : ""
    })
    .replace(/<\/itunes:category\s*>/g, "")
}

// Some generators list an item's tags as one comma-separated <tags> element.
function rewriteTagsElement(xml: string): string {
  if (!xml.includes("<tags>")) return xml
  return xml.replace(/<tags>([^<]*)<\/tags>/g, (_, list: string) =>
    list
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean)
      .map((t) => `<category>${t}</category>`)
      .join(""),
  )
}

const ITUNES_LINK = /<itunes:link\b([^<>]*?)\/?>(\s*<\/itunes:link\s*>)?/g
const REL_IMAGE = /\brel\s*=\s*["']image["']/

/** The pre-2005 iTunes spelling of itunes:image was <itunes:link rel="image" href="…">. */
function rewriteItunesLinkImage(xml: string): string {
  if (!xml.includes("<itunes:link")) return xml
  return xml.replace(ITUNES_LINK, (whole, attrs: string) => (REL_IMAGE.test(attrs) ? `<itunes:image${attrs}/>` : whole))
}

const ORIG_LINK = /<feedburner:origLink>([^<]*)<\/feedburner:origLink>/gi

function rewriteFeedburnerOrigLink(xml: string): string {
  if (!/<feedburner:origLink>/i.test(xml)) return xml
  return xml.replace(ORIG_LINK, (_, url: string) => {
    return `<atom:link rel="${ORIGINAL_LINK_REL}" href="${url.trim().replace(/"/g, "&quot;")}"/>`
  })
}

const FOREIGN_NS = /\bxmlns:([\w.-]+)\s*=\s*["']http:\/\/www\.w3\.org\/(?:2000\/svg|1998\/Math\/MathML)["']/g

/** svg:circle and friends: HTML only knows SVG and MathML elements unprefixed. */
function liftForeignPrefixes(xml: string): string {
  if (!xml.includes("xmlns:")) return xml
  // a handful of bindings is all real documents have; more is an attempt at many full-document passes
  const prefixes = [...new Set([...xml.matchAll(FOREIGN_NS)].map((m) => m[1]))].slice(0, 4)
  let out = xml
  for (const p of prefixes) out = out.replace(new RegExp(`<(/?)${p.replace(/\./g, "\\.")}:`, "g"), "<$1")
  return out
}

// one scan decides whether any RSS rule below can apply (each rule re-checks its own marker)
const RSS_LEGACY_MARKER =
  /<(?:\/?(?:[\w-]+:)?body\b|fullitem|summary|tags>|itunes:category|itunes:link|feedburner:origlink)/i

/** Applies every rewrite that fits the document's root format ("rss", "atom" or "rdf"). */
export function rewriteLegacy(xml: string, format: string | null): string {
  let out = liftForeignPrefixes(decodeBase64Constructs(xml))
  if (format === "atom") return wrapAtom03Inline(out)
  if (format !== "rss" || !RSS_LEGACY_MARKER.test(out)) return out
  out = rewriteTagsElement(rewriteItunesCategories(rewriteRssSummary(rewriteLegacyContent(out))))
  return rewriteFeedburnerOrigLink(rewriteItunesLinkImage(out))
}
