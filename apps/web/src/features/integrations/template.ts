// Custom integrations' templates: {{placeholder}} filled from the entry, escaped for where it lands (URL-encoded in
// the URL, JSON-escaped in a JSON body, form-encoded in a form body, as it is in a header or plain body).
import type { EntryContext } from "./entry-context.ts"

export const PLACEHOLDERS = [
  "url",
  "title",
  "content",
  "contentMarkdown",
  "author",
  "publishedAt",
  "summary",
  "description",
] as const satisfies readonly (keyof EntryContext)[]

export type Escape = "url" | "json" | "form" | "none"

const ESCAPES: Record<Escape, (value: string) => string> = {
  url: encodeURIComponent,
  json: (value) => JSON.stringify(value).slice(1, -1),
  form: (value) => encodeURIComponent(value).replace(/%20/g, "+"),
  none: (value) => value,
}

/** Fills the known placeholders; an unknown one stays as written, so a typo shows in what the service receives. */
export function fillTemplate(template: string, context: EntryContext, escaping: Escape): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name)
      ? ESCAPES[escaping](String(context[name as (typeof PLACEHOLDERS)[number]]))
      : whole,
  )
}

/** "Name: value" lines as a header map; blank lines are skipped, a line without a colon is an error. */
export function parseHeaderLines(text: string): { headers: Record<string, string>; bad: string[] } {
  const headers: Record<string, string> = {}
  const bad: string[] = []
  for (const line of text.split("\n")) {
    if (!line.trim()) continue
    const at = line.indexOf(":")
    const name = line.slice(0, at).trim()
    if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) bad.push(line.trim())
    else headers[name] = line.slice(at + 1).trim()
  }
  return { headers, bad }
}
