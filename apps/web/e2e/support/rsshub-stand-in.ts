// A stand-in RSSHub instance on loopback for the discover tests: its route catalogue (/api/namespace, as RSSHub
// answers it), the feeds its routes give, and a few plain feeds for searching by words.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface RsshubStandIn {
  origin: string
  close: () => Promise<void>
}

const namespaces = {
  harbour: {
    name: "Harbour Office",
    url: "harbour.example",
    description: "Tides and ferries",
    lang: "en",
    categories: ["travel"],
    routes: {
      "/tides/:port/:kind?": {
        path: "/tides/:port/:kind?",
        name: "Tide tables",
        example: "/harbour/tides/bristol",
        parameters: {
          port: "Port name, as the harbour office spells it",
          kind: {
            description: "Only high or only low tides",
            options: [
              { value: "high", label: "High tides" },
              { value: "low", label: "Low tides" },
            ],
          },
        },
        categories: ["travel"],
        maintainers: ["tidings"],
        // RSSHub's suggested view: the subscribe form starts in it.
        view: 1,
      },
    },
  },
  quay: {
    name: "Quay Builds",
    url: "quay.example",
    description: "Build results",
    lang: "ja",
    categories: ["programming"],
    routes: {
      "/builds/:branch": {
        path: "/builds/:branch",
        name: "Builds of a branch",
        example: "/quay/builds/main",
        parameters: { branch: "Branch name" },
        categories: ["programming"],
        maintainers: ["tidings"],
      },
    },
  },
}

const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toUTCString()

function rss(title: string, slug: string, count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>${title}: item ${i + 1}</title><link>https://example.com/${slug}/${i}</link><guid>${slug}-${i}</guid><pubDate>${ago(i + 1)}</pubDate></item>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>https://example.com/${slug}</link><description>${title}, served on loopback</description>${items.join("")}</channel></rss>`
}

function answer(path: string): { type: string; body: string } | undefined {
  const json = (value: unknown) => ({ type: "application/json", body: JSON.stringify(value) })
  if (path === "/api/namespace") return json(namespaces)
  const ns = path.match(/^\/api\/namespace\/(\w+)$/)?.[1]
  if (ns) return ns in namespaces ? json(namespaces[ns as keyof typeof namespaces]) : undefined
  const tides = path.match(/^\/harbour\/tides\/([\w-]+)(?:\/(high|low))?$/)
  if (tides) {
    const title = `Tides at ${tides[1]}${tides[2] ? ` (${tides[2]})` : ""}`
    return { type: "application/rss+xml", body: rss(title, `tides-${tides[1]}`, 4) }
  }
  const plain: Record<string, string> = {
    "/feeds/lighthouse-log.xml": "Lighthouse Log",
    "/feeds/lighthouse-secrets.xml": "Lighthouse Secrets",
  }
  if (plain[path]) return { type: "application/rss+xml", body: rss(plain[path], path.slice(7, -4), 5) }
  return undefined
}

export async function startRsshubStandIn(): Promise<RsshubStandIn> {
  const server: Server = createServer((req, res) => {
    const found = answer(new URL(req.url ?? "/", "http://stand-in").pathname)
    res.writeHead(found ? 200 : 404, { "content-type": found?.type ?? "text/plain" })
    res.end(found?.body ?? "not found")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
