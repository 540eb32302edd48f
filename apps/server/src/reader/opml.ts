// OPML: reading subscription lists from other readers (nested folders, either case of attribute names) and
// writing ours, grouped by category or by view. A view travels as a `view` attribute, so a round trip keeps it.
import { Parser } from "htmlparser2"

export interface OpmlFeed {
  url: string
  title: string | null
  siteUrl: string | null
  /** The nearest enclosing folder that is not a view folder. */
  category: string | null
  view: number | null
}

function attr(attrs: Record<string, string>, name: string): string | null {
  const value = attrs[name] ?? attrs[name.toLowerCase()]
  return value?.trim() ? value.trim() : null
}

function viewOf(attrs: Record<string, string>): number | null {
  const raw = attr(attrs, "view")
  const n = raw === null ? Number.NaN : Number(raw)
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : null
}

interface Folder {
  name: string | null
  view: number | null
}

/** Feeds of an OPML document, in document order. Throws when the text is not OPML. */
export function parseOpml(text: string): OpmlFeed[] {
  if (!/<opml[\s>]/i.test(text.slice(0, 2048)) && !/<outline[\s>]/i.test(text)) throw new Error("Not an OPML document")
  const feeds: OpmlFeed[] = []
  const folders: (Folder | null)[] = []
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name.toLowerCase() !== "outline") return
        const url = attr(attrs, "xmlUrl") ?? (/rss|atom/i.test(attrs.type ?? "") ? attr(attrs, "url") : null)
        if (!url) {
          // A folder. One marked with a view groups by view; its name is not a category.
          const view = viewOf(attrs)
          folders.push({ name: view === null ? (attr(attrs, "title") ?? attr(attrs, "text")) : null, view })
          return
        }
        folders.push(null)
        const category = [...folders].reverse().find((f) => f?.name)?.name ?? null
        const folderView = [...folders].reverse().find((f) => f?.view !== null && f?.view !== undefined)?.view ?? null
        feeds.push({
          url,
          title: attr(attrs, "title") ?? attr(attrs, "text"),
          siteUrl: attr(attrs, "htmlUrl"),
          category,
          view: viewOf(attrs) ?? folderView,
        })
      },
      onclosetag(name) {
        if (name.toLowerCase() === "outline") folders.pop()
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.end(text)
  return feeds
}

const escapeAttribute = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

function feedOutline(feed: OpmlFeed, indent: string): string {
  const title = escapeAttribute(feed.title ?? feed.url)
  const site = feed.siteUrl ? ` htmlUrl="${escapeAttribute(feed.siteUrl)}"` : ""
  return `${indent}<outline type="rss" text="${title}" title="${title}" xmlUrl="${escapeAttribute(feed.url)}"${site} view="${feed.view ?? 0}"/>`
}

function byCategory(feeds: OpmlFeed[], indent: string): string[] {
  const lines: string[] = []
  const categories = [...new Set(feeds.map((f) => f.category).filter((c): c is string => Boolean(c)))]
  for (const category of categories) {
    lines.push(`${indent}<outline text="${escapeAttribute(category)}" title="${escapeAttribute(category)}">`)
    for (const f of feeds.filter((f) => f.category === category)) lines.push(feedOutline(f, `${indent}  `))
    lines.push(`${indent}</outline>`)
  }
  for (const f of feeds.filter((f) => !f.category)) lines.push(feedOutline(f, indent))
  return lines
}

/** An OPML 2.0 document; with `viewNames`, feeds are grouped by view first, then by category. */
export function buildOpml(title: string, feeds: OpmlFeed[], viewNames?: Record<number, string>): string {
  const body: string[] = []
  if (viewNames) {
    for (const view of [...new Set(feeds.map((f) => f.view ?? 0))].sort()) {
      const name = escapeAttribute(viewNames[view] ?? String(view))
      body.push(`    <outline text="${name}" title="${name}" view="${view}">`)
      body.push(
        ...byCategory(
          feeds.filter((f) => (f.view ?? 0) === view),
          "      ",
        ),
      )
      body.push("    </outline>")
    }
  } else {
    body.push(...byCategory(feeds, "    "))
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<opml version="2.0">`,
    `  <head><title>${escapeAttribute(title)}</title><dateCreated>${new Date().toUTCString()}</dateCreated></head>`,
    "  <body>",
    ...body,
    "  </body>",
    "</opml>",
    "",
  ].join("\n")
}
