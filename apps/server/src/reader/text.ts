// Feed text values: whether they are HTML, and how they become titles, plain-text descriptions and HTML.
import { createHash } from "node:crypto"
import { htmlToText } from "./sanitize.ts"

/** A text value from the feed with what we know about it: is it markup, and which base do its URLs use. */
export interface RichText {
  value: string
  html: boolean
  base: string
  /** Markup that came from XML (Atom xhtml): end tags are spelled out when it is serialised. */
  xml?: boolean
}

const HTML_TYPES = new Set(["html", "xhtml", "text/html", "application/xhtml+xml", "application/xhtml"])

const XHTML_TYPES = new Set(["xhtml", "application/xhtml+xml", "application/xhtml"])

export function isXhtmlType(type: string | null | undefined): boolean {
  return type ? XHTML_TYPES.has(type.trim().toLowerCase()) : false
}

/** Atom text-construct types (1.0 names and 0.3 MIME types); absent means text. */
export function isHtmlType(type: string | null | undefined): boolean {
  return type ? HTML_TYPES.has(type.trim().toLowerCase()) : false
}

export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, " ").trim()
}

/** Escapes plain text so it can stand wherever HTML is expected. */
export function textToHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

export function plainText(t: RichText | null): string | null {
  return t ? inertText(t.value) : null
}

// What an HTML parser would take for the start of a tag, a comment or a doctype: "a < b" is text, "<b" is not.
const TAG_START = /<[A-Za-z!/?]/
const MAX_UNWRAP = 4

/**
 * Plain text that stays text wherever a client puts it, whatever the feed declared: titles, authors and
 * descriptions are rendered as HTML by some clients, and JSON Feed's summary or an RSS title is "plain text" that
 * may hold `<script>` or entity-encoded markup. So every format's text goes through here: markup is parsed and
 * dropped (scripts with their bodies), entities decoded, and that repeated while decoding revealed more markup.
 */
export function inertText(value: string | null | undefined): string | null {
  if (!value) return null
  let text = htmlToText(value)
  for (let i = 0; i < MAX_UNWRAP && TAG_START.test(text); i++) text = htmlToText(text)
  // deeper encodings than any real feed uses: what is left of a tag loses its "<"
  if (TAG_START.test(text)) text = text.replace(/<(?=[A-Za-z!/?])/g, "")
  return text || null
}

export const DESCRIPTION_MAX = 500

/** Cuts a description at a word boundary near the limit. */
export function trimDescription(text: string | null, max = DESCRIPTION_MAX): string | null {
  if (!text) return null
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(" ")
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Stable identity for entries without guid or link. */
export function stableHash(...parts: (string | null | undefined)[]): string {
  return createHash("sha1")
    .update(parts.map((p) => p ?? "").join("\u0000"))
    .digest("hex")
}

export function rich(value: string | null | undefined, html: boolean, base: string): RichText | null {
  return value?.trim() ? { value, html, base } : null
}

const EMAIL = String.raw`[^\s@()<>:]+@[^\s@()<>]+\.[^\s@()<>]+`
const EMAIL_THEN_NAME = new RegExp(`^${EMAIL}\\s*\\((.+)\\)$`)
const NAME_THEN_EMAIL = new RegExp(`^(.+?)\\s*[(<]${EMAIL}[)>]$`)

/**
 * The display name in RSS-style person strings: "me@example.com (Me)", "Me (me@example.com)", "Me <me@…>".
 * Only a bare address counts as the e-mail part; anything else (a mailto: URI, a role) is kept verbatim.
 */
export function personName(raw: string | null | undefined): string | null {
  const v = raw?.trim()
  if (!v) return null
  // the patterns backtrack on long input; real person strings are short
  if (v.length > 200) return v
  return (EMAIL_THEN_NAME.exec(v)?.[1] ?? NAME_THEN_EMAIL.exec(v)?.[1] ?? v).trim()
}
