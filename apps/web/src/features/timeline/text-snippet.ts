// A plain-text snippet of an entry's description, which may hold HTML. Runs in list rows, so it avoids the DOM.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " }

export function textSnippet(html: string | null | undefined, maxLength = 240): string {
  if (!html) return ""
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => decodeEntity(whole, name))
    .replace(/\s+/g, " ")
    .trim()
  return text.length > maxLength ? `${text.slice(0, maxLength).trimEnd()}…` : text
}

function decodeEntity(whole: string, name: string): string {
  if (name.startsWith("#x") || name.startsWith("#X")) return safeChar(Number.parseInt(name.slice(2), 16), whole)
  if (name.startsWith("#")) return safeChar(Number.parseInt(name.slice(1), 10), whole)
  return ENTITIES[name.toLowerCase()] ?? whole
}

function safeChar(code: number, fallback: string): string {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback
}
