// A loopback HTTP server for the feed fixtures. {{BASE}} becomes its own origin and {{HOURS_AGO:n}} a date n hours
// before now, so entries land in "today" and "yesterday" whenever the test runs.
import { readFile } from "node:fs/promises"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

const fixturesDir = new URL("../fixtures/", import.meta.url)

const routes: Record<string, { file: string; type: string; template?: boolean }> = {
  "/feed.xml": { file: "feed.xml", type: "application/rss+xml; charset=utf-8", template: true },
  "/not-a-feed": { file: "not-a-feed.html", type: "text/html; charset=utf-8" },
  "/images/sunset.png": { file: "sunset.png", type: "image/png" },
  "/site/": { file: "site.html", type: "text/html; charset=utf-8", template: true },
  "/site/field-notes.xml": { file: "field-notes.xml", type: "application/atom+xml; charset=utf-8", template: true },
}

export interface FixtureServer {
  origin: string
  close: () => Promise<void>
}

function fillTemplate(text: string, origin: string): string {
  return text
    .replaceAll("{{BASE}}", origin)
    .replace(/\{\{HOURS_AGO:(\d+)\}\}/g, (_, hours: string) =>
      new Date(Date.now() - Number(hours) * 3_600_000).toUTCString(),
    )
}

export async function startFixtureServer(): Promise<FixtureServer> {
  let origin = ""
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", origin).pathname
    const route = routes[path]
    if (path.startsWith("/posts/")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
      res.end(`<!doctype html><title>Post</title><p>The original post at ${path}.</p>`)
      return
    }
    if (!route) {
      res.writeHead(404, { "content-type": "text/plain" })
      res.end("not found")
      return
    }
    const body = await readFile(new URL(route.file, fixturesDir))
    res.writeHead(200, { "content-type": route.type })
    res.end(route.template ? fillTemplate(body.toString("utf8"), origin) : body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
