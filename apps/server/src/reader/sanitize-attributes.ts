// Per-element attribute handling for the sanitiser: allowlist, URL resolution, link safety, namespaces, images.
import type { Media } from "@tidings/shared"
import type sanitize from "sanitize-html"
import { isAllowedAttribute, URL_ATTRIBUTES } from "./sanitize-policy.ts"

const IFRAME_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-presentation"
const URL_ATTRS = new Set(URL_ATTRIBUTES)
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i
const SVG_NS = "http://www.w3.org/2000/svg"
const MATHML_NS = "http://www.w3.org/1998/Math/MathML"
const XLINK_NS = "http://www.w3.org/1999/xlink"
const MAX_CONTENT_IMAGES = 5

/**
 * Per-call context. sanitize-html is synchronous, so the base URL and the sinks live here instead of in fresh
 * option objects (sanitize-html re-processes its options on every call, which dominates small fragments).
 */
export const context: { base: string; text: string[] | null; images: Media[] | null } = {
  base: "",
  text: null,
  images: null,
}

function resolveUrl(value: string, base: string): string | null {
  try {
    return new URL(value, base || undefined).href
  } catch {
    return null
  }
}

const SRCSET_DESCRIPTOR = /^(?:\d+w|\d+(?:\.\d+)?x|\d+h)$/

/**
 * srcset candidates are "url [descriptor]" separated by commas (commas inside URLs are followed by no space).
 * Candidates with malformed descriptors are dropped here: sanitize-html's srcset parser would log them verbatim.
 */
function resolveSrcset(value: string): string {
  const out: string[] = []
  for (const candidate of value.split(/,\s+|,$|^\s*,/)) {
    const [url, ...descriptors] = candidate.trim().split(/\s+/)
    if (!url || /^data:/i.test(url) || !descriptors.every((d) => SRCSET_DESCRIPTOR.test(d))) continue
    const resolved = resolveAttributeUrl(url)
    if (resolved) out.push([resolved, ...descriptors].join(" "))
  }
  return out.join(", ")
}

// absolute URLs stay as written (sanitize-html still vets their scheme); only relative ones are resolved
function resolveAttributeUrl(v: string): string | null {
  return HAS_SCHEME.test(v) ? v : resolveUrl(v, context.base)
}

function attributeValue(tag: string, name: string, value: string): string | null {
  if (name === "srcset") return resolveSrcset(value) || null
  if (!URL_ATTRS.has(name)) return value
  const v = value.trim()
  if (!v) return null
  // in-document references (SVG gradients, <use>) must stay local; only links go back to the article page
  if (v.startsWith("#") && tag !== "a") return v
  if (/^data:/i.test(v)) return tag === "img" && name === "src" && /^data:image\//i.test(v) ? v : null
  return resolveAttributeUrl(v)
}

const LAZY_SRC = ["data-src", "data-lazy-src", "data-original"]

/** Lazy-loading scripts keep the real image in data-src and a placeholder in src; we have no scripts. */
function unlazy(attribs: sanitize.Attributes): sanitize.Attributes {
  const lazy = LAZY_SRC.find((a) => attribs[a]?.trim())
  if (!lazy && !attribs["data-srcset"]) return attribs
  const out = { ...attribs }
  if (lazy) out.src = attribs[lazy]
  if (attribs["data-srcset"]) out.srcset = attribs["data-srcset"]
  return out
}

// Inline styles carry meaning in articles (colours, alignment, floats); the reader decides whether to render them
// (appearance setting readerRenderInlineStyle). Positioning, URLs and anything executable never pass.
const STYLE_PROPERTIES = new Set(
  `background-color border border-bottom border-bottom-color border-collapse border-color border-left border-left-color
  border-radius border-right border-right-color border-spacing border-style border-top border-top-color border-width
  clear color direction display float font font-family font-size font-style font-variant font-weight height
  letter-spacing line-height list-style-type margin margin-bottom margin-left margin-right margin-top max-width
  min-width overflow padding padding-bottom padding-left padding-right padding-top text-align text-decoration
  text-indent text-transform unicode-bidi vertical-align white-space width word-break word-spacing`.split(/\s+/),
)
const STYLE_VALUE = /^[-#\w\s.,%'"()!/]*$/
const STYLE_FORBIDDEN = /url\s*\(|expression|javascript|behaviou?r|@import|\\|\/\*/i

/** Keeps the allowed declarations as "property: value;" pairs; nothing left means no style attribute. */
export function filterStyle(style: string): string | null {
  const kept: string[] = []
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":")
    if (colon < 0) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration.slice(colon + 1).trim()
    if (!value || !STYLE_PROPERTIES.has(property) || !STYLE_VALUE.test(value) || STYLE_FORBIDDEN.test(value)) continue
    kept.push(`${property}: ${value};`)
  }
  return kept.length ? kept.join(" ") : null
}

/** transformTags for every element: keeps allowed attributes (sorted, for stable output) with absolute URLs. */
export function transformAttributes(tag: string, raw: sanitize.Attributes): sanitize.Attributes {
  const attribs = tag === "img" || tag === "source" ? unlazy(raw) : raw
  const out: sanitize.Attributes = {}
  for (const name of Object.keys(attribs).sort()) {
    if (name === "style") {
      const style = filterStyle(attribs.style)
      if (style) out.style = style
      continue
    }
    if (!isAllowedAttribute(tag, name)) continue
    const value = attributeValue(tag, name, attribs[name])
    if (value !== null) out[name] = value
  }
  if (tag === "a" || tag === "area") {
    out.rel = "noopener noreferrer"
    out.target = "_blank"
  } else if (tag === "iframe") {
    out.sandbox = IFRAME_SANDBOX
  } else if (tag === "img" && context.images) {
    noteImage(out, context.images)
  }
  return declareNamespaces(tag, out)
}

/** A fragment lifted out of its feed must carry the namespace declarations its foreign markup relies on. */
function declareNamespaces(tag: string, attribs: sanitize.Attributes): sanitize.Attributes {
  const ns = tag === "svg" ? SVG_NS : tag === "math" ? MATHML_NS : null
  const needsXlink = !attribs["xmlns:xlink"] && Object.keys(attribs).some((a) => a.startsWith("xlink:"))
  const needsNs = ns !== null && !attribs.xmlns
  if (!needsXlink && !needsNs) return attribs
  const out: sanitize.Attributes = { ...attribs }
  if (needsNs) out.xmlns = ns
  if (needsXlink) out["xmlns:xlink"] = XLINK_NS
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)))
}

function dimension(value: string | undefined): number | undefined {
  const n = value ? Number.parseInt(value, 10) : Number.NaN
  return Number.isFinite(n) && n > 0 ? n : undefined
}

/** Remembers content images for the Pictures view, skipping 1×1 tracking pixels. */
function noteImage(attribs: sanitize.Attributes, images: Media[]): void {
  const url = attribs.src
  if (!url || images.length >= MAX_CONTENT_IMAGES || !/^https?:/i.test(url)) return
  const width = dimension(attribs.width)
  const height = dimension(attribs.height)
  if ((width !== undefined && width <= 1) || (height !== undefined && height <= 1)) return
  if (images.some((m) => m.url === url)) return
  images.push({ url, type: "photo", ...(width ? { width } : {}), ...(height ? { height } : {}) })
}
