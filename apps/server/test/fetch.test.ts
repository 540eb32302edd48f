// The fetch stage against misbehaving servers on loopback: every fault ends as a FeedFetchError, within its time-out.
import http from "node:http"
import type { AddressInfo } from "node:net"
import zlib from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FeedFetchError, type FetchOptions, fetchDocument } from "../src/reader/fetch.ts"
import { guardedLookup, isPrivateAddress } from "../src/reader/guard.ts"

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void
const routes = new Map<string, Handler>()
let base: string
let server: http.Server

beforeAll(async () => {
  server = http.createServer((req, res) => (routes.get(req.url ?? "") ?? ((_, r) => r.writeHead(404).end()))(req, res))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const options: FetchOptions = { allowPrivate: true, timeoutMs: 2_000, maxBytes: 1024 * 1024 }
const feedXml = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>'

async function failure(path: string, opts: Partial<FetchOptions> = {}) {
  const started = Date.now()
  const error = await fetchDocument(`${base}${path}`, { ...options, ...opts }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(FeedFetchError)
  return { error: error as FeedFetchError, ms: Date.now() - started }
}

describe("fetchDocument", () => {
  it("returns the body, validators and final URL", async () => {
    routes.set("/ok", (_, res) =>
      res
        .writeHead(200, {
          "content-type": "application/rss+xml",
          etag: '"v1"',
          "last-modified": "Mon, 02 Nov 2026 10:00:00 GMT",
        })
        .end(feedXml),
    )
    const doc = await fetchDocument(`${base}/ok`, options)
    expect(doc.status).toBe("ok")
    if (doc.status !== "ok") return
    expect(Buffer.from(doc.body).toString()).toBe(feedXml)
    expect([doc.etag, doc.lastModified, doc.contentType]).toEqual([
      '"v1"',
      "Mon, 02 Nov 2026 10:00:00 GMT",
      "application/rss+xml",
    ])
  })

  it("sends the stored validators and reports 304 as not modified", async () => {
    routes.set("/cond", (req, res) => {
      if (req.headers["if-none-match"] === '"v1"' && req.headers["if-modified-since"]) res.writeHead(304).end()
      else res.writeHead(200).end(feedXml)
    })
    const doc = await fetchDocument(`${base}/cond`, {
      ...options,
      etag: '"v1"',
      lastModified: "Mon, 02 Nov 2026 10:00:00 GMT",
    })
    expect(doc.status).toBe("not-modified")
  })

  it("names Tidings in the User-Agent and accepts compressed answers", async () => {
    let agent = ""
    routes.set("/gz", (req, res) => {
      agent = req.headers["user-agent"] ?? ""
      res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync(feedXml))
    })
    routes.set("/br", (_, res) =>
      res.writeHead(200, { "content-encoding": "br" }).end(zlib.brotliCompressSync(feedXml)),
    )
    for (const path of ["/gz", "/br"]) {
      const doc = await fetchDocument(`${base}${path}`, { ...options, siteUrl: "https://reader.example" })
      expect(doc.status === "ok" && Buffer.from(doc.body).toString()).toBe(feedXml)
    }
    expect(agent).toMatch(/^Tidings\/0\.7\.0 .*https:\/\/reader\.example/)
  })

  it("follows up to 5 redirects and reports a permanent move", async () => {
    routes.set("/moved", (_, res) => res.writeHead(301, { location: "/hop1" }).end())
    routes.set("/hop1", (_, res) => res.writeHead(308, { location: `${base}/ok` }).end())
    const doc = await fetchDocument(`${base}/moved`, options)
    expect(doc.status === "ok" && [doc.url, doc.movedTo]).toEqual([`${base}/ok`, `${base}/ok`])
    routes.set("/temp", (_, res) => res.writeHead(302, { location: "/moved" }).end())
    const temp = await fetchDocument(`${base}/temp`, options)
    expect(temp.status === "ok" && temp.movedTo).toBeNull()
  })

  it("gives up on a redirect loop", async () => {
    routes.set("/loop", (_, res) => res.writeHead(302, { location: "/loop" }).end())
    expect((await failure("/loop")).error.message).toMatch(/redirect/i)
  })

  it("turns HTTP errors into fetch errors carrying the status", async () => {
    for (const status of [404, 410, 500, 503]) {
      routes.set(`/status${status}`, (_, res) => res.writeHead(status, { "retry-after": "120" }).end("nope"))
      const { error } = await failure(`/status${status}`)
      expect([error.httpStatus, error.message]).toEqual([status, `HTTP ${status}`])
    }
  })

  it("times out on a server that sends headers and then nothing", async () => {
    routes.set("/slow", (_, res) => {
      res.writeHead(200, { "content-type": "application/xml" })
      res.write("<rss>")
    })
    const { error, ms } = await failure("/slow", { timeoutMs: 500 })
    expect(error.message).toBe("Timed out")
    expect(ms).toBeLessThan(2_000)
  })

  it("stops reading a body over the size cap while it streams", async () => {
    routes.set("/huge", (_, res) => {
      res.writeHead(200)
      const chunk = Buffer.alloc(1024 * 1024, 97)
      let sent = 0
      const pump = () => {
        while (sent < 50 && res.write(chunk)) sent++
        if (sent < 50) res.once("drain", pump)
        else res.end()
      }
      pump()
    })
    const before = process.memoryUsage().rss
    const { error } = await failure("/huge", { maxBytes: 2 * 1024 * 1024 })
    expect(error.message).toMatch(/larger than/)
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024)
  })

  it("stops inflating a gzip bomb at the size cap", async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(200 * 1024 * 1024))
    routes.set("/bomb", (_, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(bomb))
    const { error } = await failure("/bomb", { maxBytes: 1024 * 1024 })
    expect(error.message).toMatch(/larger than/)
  })

  it("refuses private and loopback addresses unless allowed, before connecting", async () => {
    let hits = 0
    routes.set("/private", (_, res) => {
      hits++
      res.writeHead(200).end(feedXml)
    })
    const { error } = await failure("/private", { allowPrivate: false })
    expect(error.message).toMatch(/private or loopback/)
    expect(hits).toBe(0)
    for (const url of [
      "http://localhost/x",
      "http://[::1]/x",
      "http://169.254.169.254/latest",
      "http://10.1.2.3/",
      "http://0.0.0.0/",
    ]) {
      const e = await fetchDocument(url, { ...options, allowPrivate: false }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(FeedFetchError)
    }
  })

  it("reports unknown hosts and refused connections plainly", async () => {
    expect(await fetchDocument("http://no-such-host.invalid/", options).catch((e: Error) => e.message)).toBe(
      "Host not found",
    )
    expect(await fetchDocument("http://127.0.0.1:9/", options).catch((e: Error) => e.message)).toBe(
      "Connection refused",
    )
  })
})

describe("the address guard", () => {
  it("classifies addresses", () => {
    const blocked = [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ]
    const open = ["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:1.1.1.1"]
    expect(blocked.filter((a) => !isPrivateAddress(a))).toEqual([])
    expect(open.filter((a) => isPrivateAddress(a))).toEqual([])
  })

  it("refuses a host name that resolves to a private address, after DNS", async () => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup("localhost", {}, (err) => resolve(err)))
    expect(error?.name).toBe("BlockedAddressError")
  })
})
