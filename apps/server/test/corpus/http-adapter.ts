// Adapter for the corpus's HTTP scorer (score-http.mjs): each case goes through the real server path —
// subscribe by URL, the server fetches and parses it, the feed and its entries are read back through the API.
import { openDatabase } from "../../src/storage/db.ts"
import { type BootedServer, bootServer } from "../support/boot.ts"
import { apiAs, signUp } from "../support/users.ts"

let server: BootedServer
let api: ReturnType<typeof apiAs>

export async function setup() {
  const databaseUrl = process.env.TEST_DATABASE_URL
  server = await bootServer(await openDatabase(databaseUrl ? { databaseUrl } : {}), {
    TRIAL_MAX_FEED_SUBSCRIPTIONS: "100000",
  })
  api = apiAs(server.url, await signUp(server.url, "Corpus"))
}

export async function teardown() {
  await server.close()
}

// The sanitiser adds these to every link and iframe for the reader's sake; the corpus expects source markup.
const DECORATIONS =
  / rel="noopener noreferrer" target="_blank"| sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"/g
const undecorate = (html: string | null | undefined) => html?.replace(DECORATIONS, "") ?? null

interface WireEntry {
  id: string
  guid: string
  title: string | null
  url: string | null
  content?: string | null
  description: string | null
  author: string | null
  publishedAt: string
  updatedAt?: string | null
  categories: string[] | null
  media: { url: string; type: string; preview_image_url?: string }[] | null
  attachments: { url: string; mime_type?: string; size_in_bytes?: number }[] | null
}

function neutralEntry(e: WireEntry) {
  const thumbnails = (e.media ?? []).flatMap((m) =>
    m.type === "photo" ? [m.url] : m.preview_image_url ? [m.preview_image_url] : [],
  )
  return {
    id: e.guid,
    title: e.title,
    link: e.url,
    published: e.publishedAt,
    updated: e.updatedAt ?? undefined,
    author: e.author,
    content: undecorate(e.content),
    summary: e.description,
    categories: e.categories ?? [],
    enclosures: (e.attachments ?? []).map((a) => ({ url: a.url, type: a.mime_type, length: a.size_in_bytes })),
    thumbnails,
    image: thumbnails[0] ?? null,
  }
}

export async function subscribe(url: string) {
  const created = await api("POST", "/subscriptions", { url, view: 0 })
  if (created.body.code !== 0) throw new Error(`subscribe failed: ${created.body.code} ${created.body.reason ?? ""}`)
  const feed = created.body.feed
  const list = await api("POST", "/entries", { feedId: feed.id, withContent: true, limit: 100 })
  // Ids are handed out in document order within a fetch, so sorting by id restores the document's order.
  const entries = (list.body.data as { entries: WireEntry }[])
    .map((item) => item.entries)
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
  return {
    feed: {
      title: feed.title,
      link: feed.siteUrl,
      description: feed.description,
      image: feed.image,
      updated: new Date(feed.updatedAt).toISOString(),
    },
    entries: entries.map(neutralEntry),
  }
}
