// The AI browser test's loopback parts: a feed with a long article and a short note, and the replies of the
// OpenAI-compatible stand-in (the server's own test stub), which summarises, translates by marking each text run
// with "[ja] " (tags kept; a Latin mark, as this machine's Chromium has no CJK font to draw the screenshots with),
// and answers the connection test.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { type ChatRequestBody, textOf } from "../../../server/test/support/openai-stub.ts"

export const ARTICLE_TITLE = "Rivers of the north"
export const SHORT_TITLE = "Short note"
export const ARTICLE_PARAGRAPHS = [
  "The rivers of the north carry snow water from the mountains to the sea, and the towns along them have grown with the trade that the water brings.",
  "In spring the water rises quickly, and the people who live on the banks have learned to read the colour of the river before the flood comes.",
  "This is a story about those people, their boats and the bridges they have built over the years.",
]
export const TRANSLATION_MARK = "[ja] "

function feedXml(origin: string): string {
  const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000).toUTCString()
  const article = ARTICLE_PARAGRAPHS.map((p) => `<p>${p}</p>`).join("")
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Northern Notes</title><link>${origin}/</link><description>Notes</description>
<language>en</language>
<item><title>${ARTICLE_TITLE}</title><link>${origin}/posts/rivers</link><guid>${origin}/posts/rivers</guid>
<pubDate>${hoursAgo(1)}</pubDate><description><![CDATA[${article}]]></description></item>
<item><title>${SHORT_TITLE}</title><link>${origin}/posts/short</link><guid>${origin}/posts/short</guid>
<pubDate>${hoursAgo(2)}</pubDate><description><![CDATA[<p>Just a short line.</p>]]></description></item>
</channel></rss>`
}

export interface FeedServer {
  feedUrl: string
  close: () => Promise<void>
}

export async function startAiFeed(): Promise<FeedServer> {
  let origin = ""
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname
    if (path === "/feed.xml") {
      res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8" }).end(feedXml(origin))
      return
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html><title>Post</title>${path}`)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    feedUrl: `${origin}/feed.xml`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const summaryBy = (who: string) =>
  `Summary by the ${who} model: the northern rivers carry snow water to the sea, and the people on their banks read the water before a flood.`

/** The stand-in's answers, by the instruction the server sends (apps/server/src/ai/prompts.ts). */
export function modelReply(who: string) {
  return (body: ChatRequestBody): string => {
    const system = textOf(body.messages.find((m) => m.role === "system"))
    const user = textOf(body.messages.filter((m) => m.role === "user").at(-1))
    if (system.includes("summarise")) return summaryBy(who)
    if (system.includes("HTML fragment"))
      return user
        .split(/(<[^>]+>)/)
        .map((part) => (part.startsWith("<") || !part.trim() ? part : `${TRANSLATION_MARK}${part.trim()}`))
        .join("")
    if (system.startsWith("Translate")) return `${TRANSLATION_MARK}${user}`
    return "OK"
  }
}
