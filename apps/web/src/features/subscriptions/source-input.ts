// What the reader typed into the add dialog: an rsshub:// route, an address (a feed or a website; the server's
// discovery tells which), or words to search for.

export type SourceKind = "rsshub" | "url" | "keyword"

export function sourceKind(text: string): SourceKind {
  const value = text.trim()
  if (/^rsshub:\/\//i.test(value)) return "rsshub"
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[\w-]+(\.[\w-]+)+(:\d+)?(\/\S*)?$/.test(value)) return "url"
  return "keyword"
}
