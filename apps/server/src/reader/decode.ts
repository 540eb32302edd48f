// Turns fetched feed bytes into a string: BOM > HTTP charset > XML prolog > UTF-8.

// Node 20's TextDecoder("windows-1252") decodes 0x80-0x9F as C1 controls (ISO-8859-1), so we carry the
// WHATWG table ourselves. Bytes 0x81, 0x8D, 0x8F, 0x90, 0x9D are unassigned and map to themselves.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

// Labels that real servers use for "Western" text; all of them are windows-1252 in practice (WHATWG does the same).
const WESTERN_LABELS = new Set([
  "windows-1252",
  "cp1252",
  "x-cp1252",
  "iso-8859-1",
  "iso8859-1",
  "iso_8859-1",
  "iso-ir-100",
  "l1",
  "latin1",
  "latin-1",
  "us-ascii",
  "ascii",
  "ansi_x3.4-1968",
  "cp819",
  "ibm819",
])

const UTF8 = new TextDecoder("utf-8")
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true })

export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = []
  const CHUNK = 8192
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(start + CHUNK, bytes.length)
    const codes = new Array<number>(end - start)
    for (let i = start; i < end; i++) {
      const b = bytes[i]
      codes[i - start] = b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b
    }
    parts.push(String.fromCharCode(...codes))
  }
  return parts.join("")
}

function bomEncoding(bytes: Uint8Array): { label: string; skip: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { label: "utf-8", skip: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: "utf-16le", skip: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: "utf-16be", skip: 2 }
  // BOM-less UTF-16 XML still starts with "<?" (XML 1.0 appendix F)
  if (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f && bytes[3] === 0) return { label: "utf-16le", skip: 0 }
  if (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0 && bytes[3] === 0x3f) return { label: "utf-16be", skip: 0 }
  return null
}

export function charsetFromContentType(contentType: string | null | undefined): string | null {
  if (!contentType) return null
  const m = /;\s*charset\s*=\s*["']?([^;"'\s]+)/i.exec(contentType)
  return m ? m[1].toLowerCase() : null
}

function charsetFromProlog(bytes: Uint8Array): string | null {
  // the prolog is ASCII in every encoding we can detect this way; 256 bytes is plenty
  const head = String.fromCharCode(...bytes.subarray(0, 256))
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)
  return m ? m[1].toLowerCase() : null
}

function decodeWith(label: string, bytes: Uint8Array): string | null {
  if (WESTERN_LABELS.has(label)) return decodeWindows1252(bytes)
  // a document that declares UTF-16 but has no BOM (checked before) is ASCII-compatible in practice
  if (label === "utf-16" || label === "utf-16le" || label === "utf-16be") return null
  try {
    return new TextDecoder(label).decode(bytes)
  } catch {
    return null
  }
}

const HAS_C1 = /[\u0080-\u009f]/
const C1_CONTROLS = /[\u0080-\u009f]/g

/**
 * C1 control characters never occur in real text; when they do, windows-1252 bytes were decoded as Latin-1
 * somewhere upstream (often "don\u0092t" for "don’t"). Map them back through the windows-1252 table.
 */
export function repairC1Controls(text: string): string {
  if (!HAS_C1.test(text)) return text
  return text.replace(C1_CONTROLS, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]))
}

/** Decodes a feed document; never throws (invalid sequences become U+FFFD). */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string | null): string {
  return repairC1Controls(decodeRaw(bytes, contentType))
}

function decodeRaw(bytes: Uint8Array, contentType?: string | null): string {
  const bom = bomEncoding(bytes)
  if (bom) return new TextDecoder(bom.label).decode(bytes.subarray(bom.skip))
  for (const label of [charsetFromContentType(contentType), charsetFromProlog(bytes)]) {
    if (!label) continue
    if (label === "utf-8" || label === "utf8") return UTF8.decode(bytes)
    const text = decodeWith(label, bytes)
    if (text !== null) return text
  }
  return decodeUndeclared(bytes)
}

/** Nothing declared: UTF-8 if the bytes are valid UTF-8, else the classic Windows encoding they almost always are. */
function decodeUndeclared(bytes: Uint8Array): string {
  try {
    return STRICT_UTF8.decode(bytes)
  } catch {
    return decodeWindows1252(bytes)
  }
}

function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 2048))
  const m = /<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9._:-]+)/i.exec(head)
  return m ? m[1].toLowerCase() : null
}

/** Decodes an HTML page: BOM > HTTP charset > <meta charset> > UTF-8 > windows-1252. */
export function decodeHtmlBytes(bytes: Uint8Array, contentType?: string | null): string {
  const bom = bomEncoding(bytes)
  if (bom) return new TextDecoder(bom.label).decode(bytes.subarray(bom.skip))
  for (const label of [charsetFromContentType(contentType), charsetFromMeta(bytes)]) {
    if (!label) continue
    if (label === "utf-8" || label === "utf8") return UTF8.decode(bytes)
    const text = decodeWith(label, bytes)
    if (text !== null) return text
  }
  return decodeUndeclared(bytes)
}
