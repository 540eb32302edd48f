// Text-level preparation of XML feeds before feedsmith sees them: DOCTYPE removal, junk, root sniffing.

/**
 * Removes the DOCTYPE declaration (with its internal subset) from the prolog. Entity definitions are never
 * expanded that way: references such as &lol9; stay literal text, so external entities (SYSTEM/PUBLIC) cost
 * nothing. Linear scan; tolerates quotes, comments and brackets inside the subset.
 */
export function stripDoctype(xml: string): string {
  const range = doctypeRange(xml)
  return range ? xml.slice(0, range[0]) + xml.slice(range[1]) : xml
}

/**
 * True when the internal subset declares entities built from other entities: the shape of an entity-expansion
 * ("billion laughs") attack. No legitimate feed needs it, so such a document is refused outright.
 */
export function declaresNestedEntities(xml: string): boolean {
  const range = doctypeRange(xml)
  if (!range) return false
  const subset = xml.slice(range[0], range[1])
  for (const m of subset.matchAll(/<!ENTITY\s+(?:%\s+)?[^\s]+\s+("[^"]*"|'[^']*')/gi)) {
    if (/&[A-Za-z_][\w.-]*;|%[A-Za-z_][\w.-]*;/.test(m[1]!)) return true
  }
  return false
}

/** [start, end) of the DOCTYPE declaration, or null. */
function doctypeRange(xml: string): [number, number] | null {
  const start = doctypeStart(xml)
  if (start < 0) return null
  let depth = 0
  let quote = ""
  for (let i = start + 9; i < xml.length; i++) {
    const c = xml[i]
    if (quote) {
      if (c === quote) quote = ""
    } else if (c === '"' || c === "'") quote = c
    else if (c === "<" && xml.startsWith("<!--", i)) {
      const end = xml.indexOf("-->", i + 4)
      if (end < 0) break
      i = end + 2
    } else if (c === "[") depth++
    else if (c === "]") depth = Math.max(0, depth - 1)
    else if (c === ">" && depth === 0) return [start, i + 1]
  }
  // unterminated: nothing after it can be a well-formed document anyway
  return [start, xml.length]
}

/** Index of "<!DOCTYPE" if it appears before the root element, else -1. */
function doctypeStart(xml: string): number {
  let i = xml.indexOf("<")
  while (i >= 0 && i < xml.length) {
    if (xml.startsWith("<?", i)) i = xml.indexOf("?>", i)
    else if (xml.startsWith("<!--", i)) i = xml.indexOf("-->", i)
    else if (xml.startsWith("<!", i)) return /^<!doctype/i.test(xml.slice(i, i + 9)) ? i : -1
    else return -1
    if (i < 0) return -1
    i = xml.indexOf("<", i)
  }
  return -1
}

/** Drops whitespace and junk (stray text, a second BOM) in front of the first markup character. */
export function stripLeadingJunk(text: string): string {
  const trimmed = text.replace(/^[\s\ufeff]+/, "")
  if (trimmed.startsWith("<") || trimmed.startsWith("{")) return trimmed
  const lt = trimmed.indexOf("<")
  return lt > 0 ? trimmed.slice(lt) : trimmed
}

const CDATA_WITH_COMMENT = /<!\[CDATA\[((?:(?!\]\]>)[\s\S])*?<!--[\s\S]*?)\]\]>/g

/**
 * A comment inside CDATA is text (HTML the item carries), but feedsmith strips "<!--…-->" from element text before
 * it reads CDATA, so an item whose description is only a comment came out empty and was dropped. The same text
 * written as escaped character data means the same to XML and reaches us intact; the sanitiser drops the comment.
 */
export function escapeCommentsInCdata(xml: string): string {
  if (!xml.includes("<![CDATA[")) return xml
  return xml.replace(CDATA_WITH_COMMENT, (_, text: string) => escapeXml(text))
}

export function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
}

/** Root element name (lower-cased, prefix kept), skipping the prolog, comments and processing instructions. */
export function rootElementName(xml: string): string | null {
  const m = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<![^>]*>)*<([\w:.-]+)/.exec(xml.slice(0, 4096))
  return m ? m[1].toLowerCase() : null
}
