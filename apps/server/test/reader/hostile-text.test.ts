// Hostile text through every format alike: each XSS vector of the fixture list is put in the title, description,
// author and content of an RSS, Atom, RDF and JSON Feed item, served on loopback and subscribed through the API.
// What comes back must hold no live markup: put into a page as HTML, no field may run, load or restyle anything.
import { readFileSync } from "node:fs"
import { parseHTML } from "linkedom"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, startFeedServer } from "../support/feeds.ts"
import { startTestServer, type TestServer } from "../support/server.ts"
import { apiAs, signUp } from "../support/users.ts"

const VECTORS = readFileSync(new URL("fixtures/xss-vectors.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim())

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

// The entries call answers at most 100 entries, so each format's vectors are served as two feeds.
const CHUNKS = [VECTORS.slice(0, 60), VECTORS.slice(60)]

const documents = (vectors: string[], offset: number): Record<string, { type: string; body: string }> => ({
  rss: {
    type: "application/rss+xml",
    body: `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
      xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>${xml(vectors[0]!)}</title>
      <link>https://site.example/</link><description>${xml(vectors[8]!)}</description>
      ${vectors
        .map(
          (
            v,
            j,
            _,
            i = j + offset,
          ) => `<item><guid isPermaLink="false">v${i}</guid><title>${xml(v)}</title><description>${xml(v)}</description>
        <dc:creator>${xml(v)}</dc:creator><content:encoded><![CDATA[${v.replaceAll("]]>", "]]]]><![CDATA[>")}]]></content:encoded></item>`,
        )
        .join("")}</channel></rss>`,
  },
  atom: {
    type: "application/atom+xml",
    body: `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title type="html">${xml(vectors[0]!)}</title>
      <subtitle type="text">${xml(vectors[8]!)}</subtitle><id>urn:x</id>
      ${vectors
        .map(
          (
            v,
            j,
            _,
            i = j + offset,
          ) => `<entry><id>urn:v${i}</id><title type="${i % 2 ? "html" : "text"}">${xml(v)}</title>
        <summary type="${i % 2 ? "text" : "html"}">${xml(v)}</summary><content type="html">${xml(v)}</content>
        <author><name>${xml(v)}</name></author></entry>`,
        )
        .join("")}</feed>`,
  },
  rdf: {
    type: "application/rdf+xml",
    body: `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
      xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://site.example/"><title>${xml(vectors[0]!)}</title><link>https://site.example/</link>
      <description>${xml(vectors[8]!)}</description></channel>
      ${vectors
        .map(
          (
            v,
            j,
            _,
            i = j + offset,
          ) => `<item rdf:about="https://site.example/v${i}"><title>${xml(v)}</title><link>https://site.example/v${i}</link>
        <description>${xml(v)}</description><dc:creator>${xml(v)}</dc:creator></item>`,
        )
        .join("")}</rdf:RDF>`,
  },
  json: {
    type: "application/feed+json",
    body: JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: vectors[0],
      description: vectors[8],
      home_page_url: "https://site.example/",
      items: vectors.map((v, j, _, i = j + offset) => ({
        id: `v${i}`,
        title: v,
        summary: v,
        ...(i % 2 ? { content_text: v } : { content_html: v }),
        authors: [{ name: v }],
        attachments: [{ url: `https://site.example/a${i}.mp3`, mime_type: "audio/mpeg", title: v }],
      })),
    }),
  },
})

const URL_ATTRIBUTE = /^(href|src|action|formaction|xlink:href|data|poster|background|dynsrc|lowsrc|srcdoc|to|values)$/i

/** What would run if this HTML were put in a page: script-like elements, event handlers, script URLs. */
function liveMarkup(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`)
  const found: string[] = []
  for (const el of document.body.querySelectorAll("*")) {
    const tag = el.tagName.toLowerCase()
    if (["script", "iframe", "object", "embed", "base", "meta", "link", "style", "frameset", "form"].includes(tag)) {
      if (tag !== "iframe" || !el.getAttribute("src")?.startsWith("https://")) found.push(`<${tag}>`)
    }
    for (const { name, value } of el.attributes) {
      const squeezed = [...value]
        .filter((c) => c > " ")
        .join("")
        .toLowerCase()
      if (/^on/i.test(name)) found.push(`${tag}[${name}]`)
      if (name.toLowerCase() === "style" && /expression|javascript:|behavior/i.test(value)) found.push(`${tag}[style]`)
      if (URL_ATTRIBUTE.test(name) && /^(javascript|vbscript|data:text\/html)/.test(squeezed)) {
        found.push(`${tag}[${name}=${value}]`)
      }
    }
  }
  return found
}

interface WireEntry {
  guid: string
  title: string | null
  description: string | null
  author: string | null
  content?: string | null
  attachments?: { title?: string }[] | null
}

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  for (const [chunk, vectors] of CHUNKS.entries()) {
    for (const [name, doc] of Object.entries(documents(vectors, chunk * 60))) {
      feeds.set(`/${name}/${chunk}`, { body: doc.body, headers: { "content-type": `${doc.type}; charset=utf-8` } })
    }
  }
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("hostile text in every format", () => {
  it("has enough vectors to mean something", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(80)
  })

  it.each(["rss", "atom", "rdf", "json"])(
    "%s: no live markup in title, description, author or content",
    async (name) => {
      const api = apiAs(server.url, await signUp(server.url))
      const problems: string[] = []
      const plain = (where: string, value: string | null | undefined) => {
        // plain text may name a tag ("the <blink> tag") but, put into a page, must do nothing but show itself
        // a client puts the text inside its own markup, which closes whatever the text leaves open
        const live = value
          ? [...liveMarkup(`<h1>${value}</h1>`), ...(/<[!?]/.test(value) ? ["comment or declaration"] : [])]
          : []
        if (live.length) problems.push(`${where}: ${live.join(" ")} in ${JSON.stringify(value)}`)
      }
      const entries: WireEntry[] = []
      for (const chunk of CHUNKS.keys()) {
        const created = await api("POST", "/subscriptions", { url: feeds.url(`/${name}/${chunk}`), view: 0 })
        expect(created.body.code, JSON.stringify(created.body)).toBe(0)
        const feed = created.body.feed as { id: string; title: string | null; description: string | null }
        plain("feed.title", feed.title)
        plain("feed.description", feed.description)
        const list = await api("POST", "/entries", { feedId: feed.id, withContent: true, limit: 100 })
        entries.push(...(list.body.data as { entries: WireEntry }[]).map((item) => item.entries))
      }
      expect(entries).toHaveLength(VECTORS.length)
      for (const e of entries) {
        plain(`${e.guid} title`, e.title)
        plain(`${e.guid} description`, e.description)
        plain(`${e.guid} author`, e.author)
        for (const a of e.attachments ?? []) plain(`${e.guid} attachment title`, a.title)
        for (const live of liveMarkup(e.content ?? "")) problems.push(`${e.guid} content: ${live}`)
      }
      expect(problems).toEqual([])
    },
  )
})
