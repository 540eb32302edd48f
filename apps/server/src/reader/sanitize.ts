// Sanitises feed HTML for display (allowlist, absolute URLs, safe links) and derives plain text from HTML.
import type { Media } from "@tidings/shared"
import { Parser } from "htmlparser2"
import sanitize from "sanitize-html"
import { context, transformAttributes } from "./sanitize-attributes.ts"
import {
  ALL_ATTRIBUTE_NAMES,
  ALLOWED_SCHEMES,
  ALLOWED_TAGS,
  BLOCK_TAGS,
  FOREIGN_EMPTY_TAGS,
  IFRAME_HOSTS,
  URL_ATTRIBUTES,
  VOID_TAGS,
} from "./sanitize-policy.ts"

type Options = sanitize.IOptions & { allowedEmptyAttributes: string[] }

const BASE_OPTIONS: Options = {
  allowedTags: ALLOWED_TAGS,
  // the attribute allowlist is applied in transformAttributes; see sanitize-policy.ts
  allowedAttributes: false,
  allowedEmptyAttributes: ALL_ATTRIBUTE_NAMES,
  nonBooleanAttributes: [],
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: { img: [...ALLOWED_SCHEMES, "data"] },
  allowedSchemesAppliedToAttributes: URL_ATTRIBUTES,
  allowProtocolRelative: false,
  allowedIframeHostnames: IFRAME_HOSTS,
  allowIframeRelativeUrls: false,
  parseStyleAttributes: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "xmp", "noscript", "template", "head"],
  enforceHtmlBoundary: false,
  transformTags: { "*": (tagName, attribs) => ({ tagName, attribs: transformAttributes(tagName, attribs) }) },
  selfClosing: VOID_TAGS,
  // an iframe from an unknown host has nothing left to show
  exclusiveFilter: (frame) => frame.tag === "iframe" && !frame.attribs.src,
  textFilter: (text) => {
    context.text?.push(text)
    return text
  },
  onOpenTag: (name) => {
    if (context.text && BLOCK_TAGS.has(name)) context.text.push(" ")
  },
  onCloseTag: (name) => {
    if (context.text && BLOCK_TAGS.has(name)) context.text.push(" ")
  },
}
// XHTML sources spell out their end tags; HTML authors self-close SVG shapes, and we keep that form
const HTML_OPTIONS: Options = { ...BASE_OPTIONS, selfClosing: [...VOID_TAGS, ...FOREIGN_EMPTY_TAGS] }
const XML_OPTIONS: Options = BASE_OPTIONS

interface Sinks {
  text?: string[]
  images?: Media[]
  xml?: boolean
}

function run(html: string, baseUrl: string, sinks: Sinks): string {
  if (nestsTooDeep(html)) {
    const flat = flatten(html)
    sinks.text?.push(flat)
    return flat
  }
  context.base = baseUrl
  context.text = sinks.text ?? null
  context.images = sinks.images ?? null
  try {
    return sanitize(html, sinks.xml ? XML_OPTIONS : HTML_OPTIONS)
  } finally {
    context.text = null
    context.images = null
  }
}

/** Allowlist-sanitises HTML, resolving every relative URL (href, src, srcset, poster, cite…) against baseUrl. */
export function sanitizeHtml(html: string, baseUrl: string): string {
  return run(html, baseUrl, {})
}

export interface SanitizedFragment {
  html: string
  /** Plain text, as htmlToText would give ("" unless asked for). */
  text: string
  /** The first few content images (absolute http(s) URLs). */
  images: Media[]
}

/** sanitizeHtml plus, in the same parse, image discovery and (withText) the plain text. */
export function sanitizeFragment(
  html: string,
  baseUrl: string,
  opts: { xml?: boolean; withText?: boolean } = {},
): SanitizedFragment {
  const text: string[] | undefined = opts.withText ? [] : undefined
  const images: Media[] = []
  const out = run(html, baseUrl, { text, images, xml: opts.xml })
  return { html: out, text: text ? collapse(unescapeSanitized(text.join(""))) : "", images }
}

// sanitize-html hands textFilter escaped text: undo exactly its escaping
function unescapeSanitized(s: string): string {
  if (!s.includes("&")) return s
  return s.replace(/&(amp|lt|gt|quot);/g, (_, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"' })[e] ?? "")
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim()
}

const SKIP_TEXT = new Set(["script", "style", "noscript", "template", "title", "head", "textarea", "option"])

const MAX_NESTING = 1000
// end tags that are optional or absent: these elements do not deepen real documents
const FLAT_TAGS = new Set([...VOID_TAGS, "p", "li", "dt", "dd", "tr", "td", "th", "option", "input", "meta", "link"])

/**
 * htmlparser2 keeps its open-element stack with Array#unshift, so pathological nesting (100 000 unclosed <div>s)
 * costs quadratic time. A linear pre-scan estimates the depth; only fragments with that many tags are scanned.
 */
export function nestsTooDeep(html: string, max = MAX_NESTING): boolean {
  let tags = 0
  for (let i = html.indexOf("<"); i >= 0 && tags <= max; i = html.indexOf("<", i + 1)) tags++
  if (tags <= max) return false
  let depth = 0
  const name = /<(\/?)([a-zA-Z][\w:-]*)/y
  for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i + 1)) {
    name.lastIndex = i
    const m = name.exec(html)
    if (!m || FLAT_TAGS.has(m[2].toLowerCase())) continue
    const end = html.indexOf(">", i)
    if (end < 0) break
    const selfClosing = html[end - 1] === "/"
    i = end
    if (selfClosing) continue
    depth = Math.max(0, depth + (m[1] ? -1 : 1))
    if (depth > max) return true
  }
  return false
}

/** The text of markup too deep to parse safely: tags dropped, entities kept, stray "<" escaped. */
function flatten(html: string): string {
  return html.replace(/<[^<>]*>/g, " ").replace(/</g, "&lt;")
}

/** Plain text of an HTML fragment: entities decoded, scripts dropped, whitespace collapsed. */
export function htmlToText(html: string): string {
  if (!html.includes("<") && !html.includes("&")) return collapse(html)
  if (nestsTooDeep(html)) return htmlToText(flatten(html))
  const parts: string[] = []
  let skipDepth = 0
  const parser = new Parser({
    onopentag(name) {
      if (SKIP_TEXT.has(name)) skipDepth++
      else if (BLOCK_TAGS.has(name)) parts.push(" ")
    },
    onclosetag(name) {
      if (SKIP_TEXT.has(name)) skipDepth = Math.max(0, skipDepth - 1)
      else if (BLOCK_TAGS.has(name)) parts.push(" ")
    },
    ontext(text) {
      if (skipDepth === 0) parts.push(text)
    },
  })
  parser.end(html)
  return collapse(parts.join(""))
}

// Elements that act even without attributes: scripts and styles, the raw-text and foreign-content containers that
// change how everything after them parses, and the frames, plugins, forms and document-level elements.
const ACTIVE_TAGS = new Set([
  ...SKIP_TEXT,
  ..."xmp plaintext noembed noframes iframe frame frameset object embed applet svg math base meta link form input button select keygen isindex".split(
    " ",
  ),
])

/**
 * True when text, if a client rendered it as HTML, would do nothing but show itself and some harmless bare tags:
 * no comment, doctype or processing instruction, no active element, no attribute with a value, no event handler.
 */
export function onlyBareTags(text: string): boolean {
  if (!/<[A-Za-z!/?]/.test(text)) return true
  // a tag left open at the end closes on whatever markup a client puts after it: "<img src=x onerror=f()//"
  if (nestsTooDeep(text) || /<[A-Za-z!/?][^>]*$/.test(text)) return false
  let bare = true
  const parser = new Parser({
    onopentag(name, attribs) {
      if (ACTIVE_TAGS.has(name) || Object.entries(attribs).some(([k, v]) => v !== "" || /^on/i.test(k))) bare = false
    },
    onclosetag(name) {
      if (ACTIVE_TAGS.has(name)) bare = false
    },
    oncomment: () => {
      bare = false
    },
    onprocessinginstruction: () => {
      bare = false
    },
    oncdatastart: () => {
      bare = false
    },
  })
  parser.end(text)
  return bare
}
