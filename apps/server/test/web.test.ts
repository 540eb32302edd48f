// The built web client over HTTP: the app at / for any client, precompressed assets chosen by Accept-Encoding with
// validators and cache lifetimes, and API answers compressed above 1 KiB.
import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import http from "node:http"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { precompress } from "../../../scripts/precompress.mjs"
import { wholeBody } from "../src/compression.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp } from "./support/users.ts"

let server: TestServer
let dist: string
const indexHtml = `<!doctype html><html><head><title>Tidings</title></head><body><div id="root"></div></body></html>`
// Code-like text: repetitive enough to compress, with random names so it is not trivially small.
const script = Array.from(
  { length: 600 },
  (_, i) => `export function f${i}_${randomBytes(3).toString("hex")}(a) { return a + ${i} }\n`,
).join("")

interface Raw {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/** A request that keeps the answer's bytes as sent (fetch would decode them). */
function rawRequest(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on("error", reject)
    req.end(body)
  })
}

const swScript = `self.addEventListener("fetch", () => {}) // ${"build one ".repeat(150)}`

const rawGet = (url: string, headers: Record<string, string> = {}) => rawRequest("GET", url, headers)

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "tidings-web-"))
  mkdirSync(path.join(dist, "assets"))
  writeFileSync(path.join(dist, "index.html"), indexHtml)
  writeFileSync(path.join(dist, "assets/index-C0ffee12.js"), script)
  writeFileSync(path.join(dist, "assets/tiny-Beef3456.css"), "body{margin:0}")
  writeFileSync(path.join(dist, "sw.js"), swScript)
  writeFileSync(path.join(dist, "manifest.webmanifest"), JSON.stringify({ name: "Tidings", start_url: "/" }))
  precompress(dist)
  server = await startTestServer({}, { webDistDir: dist })
})
afterAll(async () => {
  await server?.close()
  rmSync(dist, { recursive: true, force: true })
})

describe("the app shell", () => {
  it("answers GET / with the app even without Accept: text/html, and never as immutable", async () => {
    for (const accept of [undefined, "*/*", "application/json"]) {
      const res = await rawGet(`${server.url}/`, accept ? { accept } : {})
      expect(res.status, accept).toBe(200)
      expect(res.headers["content-type"]).toMatch(/^text\/html/)
      expect(res.body.toString()).toBe(indexHtml)
      expect(res.headers["cache-control"]).toBe("no-cache")
    }
    const nav = await rawGet(`${server.url}/settings/general`, { accept: "text/html" })
    expect(nav.headers["cache-control"]).toBe("no-cache")
    expect(nav.headers["cache-control"]).not.toContain("immutable")
  })

  it("leaves a published feed's URL (/out/) to the server when a browser tab opens it", async () => {
    const res = await rawGet(`${server.url}/out/${"x".repeat(32)}/rss.xml`, {
      accept: "text/html",
      "sec-fetch-mode": "navigate",
    })
    expect(res.status).toBe(404)
    expect(JSON.parse(res.body.toString()).code).toBe(6)
  })

  it("lets scripts come only from its own origin, while integrations may connect to any http(s) host", async () => {
    const policy = String((await rawGet(`${server.url}/`)).headers["content-security-policy"])
    expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'")
    expect(policy).toContain("connect-src 'self' http: https:;")
  })

  it("names a configured analytics endpoint in connect-src", async () => {
    const csp = (res: { headers: Record<string, unknown> }) => String(res.headers["content-security-policy"])
    const withAnalytics = await startTestServer(
      { ANALYTICS_URL: "https://stats.example.test/collect?key=1" },
      { webDistDir: dist },
    )
    try {
      expect(csp(await rawGet(`${withAnalytics.url}/`))).toContain(
        "connect-src 'self' http: https: https://stats.example.test;",
      )
    } finally {
      await withAnalytics.close()
    }
  })
})

describe("the installable app", () => {
  it("serves the service worker for the whole origin, always checked again", async () => {
    const res = await rawGet(`${server.url}/sw.js`)
    expect(res.status).toBe(200)
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8")
    expect(res.headers["cache-control"]).toBe("no-cache")
    expect(res.headers["service-worker-allowed"]).toBe("/")
  })

  it("serves the manifest as a web app manifest, and the page's policy allows both", async () => {
    const res = await rawGet(`${server.url}/manifest.webmanifest`)
    expect(res.headers["content-type"]).toBe("application/manifest+json")
    expect(JSON.parse(res.body.toString()).name).toBe("Tidings")
    const policy = String((await rawGet(`${server.url}/`)).headers["content-security-policy"])
    expect(policy).toContain("worker-src 'self'")
    expect(policy).toContain("manifest-src 'self'")
  })

  it("gives /index.html, as the worker precaches it, the same policy as a navigation", async () => {
    const direct = await rawGet(`${server.url}/index.html`)
    const nav = await rawGet(`${server.url}/timeline`, { accept: "text/html" })
    expect(direct.body.toString()).toBe(indexHtml)
    expect(direct.headers["content-security-policy"]).toBe(nav.headers["content-security-policy"])
    expect(direct.headers["cache-control"]).toBe("no-cache")
  })

  it("a worker replaced in place (a new build) gets a new tag, so a browser's update check sees it", async () => {
    const before = await rawGet(`${server.url}/sw.js`)
    writeFileSync(path.join(dist, "sw.js"), `${swScript}\n// build two`)
    const after = await rawGet(`${server.url}/sw.js`, { "if-none-match": String(before.headers.etag) })
    expect(after.status).toBe(200)
    expect(after.body.toString()).toContain("build two")
    expect(after.headers.etag).not.toBe(before.headers.etag)
  })
})

describe("static assets", () => {
  const asset = () => `${server.url}/assets/index-C0ffee12.js`

  it("sends the brotli copy to a client that takes br: smaller, decoding to the file, cached for a year", async () => {
    const res = await rawGet(asset(), { "accept-encoding": "gzip, deflate, br" })
    expect(res.headers["content-encoding"]).toBe("br")
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 3)
    expect(brotliDecompressSync(res.body).toString()).toBe(script)
  })

  it("sends gzip to a gzip-only client and the plain file to one that takes neither", async () => {
    const gz = await rawGet(asset(), { "accept-encoding": "gzip" })
    expect(gz.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(gz.body).toString()).toBe(script)
    const plain = await rawGet(asset(), { "accept-encoding": "br;q=0, identity" })
    expect(plain.headers["content-encoding"]).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it("answers 304 to a matching If-None-Match, with a tag per encoding", async () => {
    const br = await rawGet(asset(), { "accept-encoding": "br" })
    const plain = await rawGet(asset())
    expect(br.headers.etag).toBeTruthy()
    expect(br.headers.etag).not.toBe(plain.headers.etag)
    const again = await rawGet(asset(), { "accept-encoding": "br", "if-none-match": br.headers.etag! })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })

  it("leaves files under 1 KiB uncompressed", async () => {
    const res = await rawGet(`${server.url}/assets/tiny-Beef3456.css`, { "accept-encoding": "br, gzip" })
    expect(res.headers["content-encoding"]).toBeUndefined()
    expect(res.body.toString()).toBe("body{margin:0}")
  })
})

describe("API answers", () => {
  it("reads a JSON answer's text without streaming it (the fast path of compression)", () => {
    // The server under test replaced the global Response with @hono/node-server's lightweight one.
    expect(wholeBody(new Response('{"code":0}'))).toBe('{"code":0}')
    expect(wholeBody(new Response(new Uint8Array([1, 2])))).toEqual(new Uint8Array([1, 2]))
    expect(wholeBody(new Response(new ReadableStream()))).toBeUndefined()
  })

  it("compresses JSON of 1 KiB or more and leaves small answers alone", async () => {
    const user = await signUp(server.url)
    // A validation failure lists every issue: 300 empty ids make a large answer without any setup.
    const batch = (encoding: string) =>
      rawRequest(
        "POST",
        `${server.url}/profiles/batch`,
        { authorization: `Bearer ${user.token}`, "content-type": "application/json", "accept-encoding": encoding },
        JSON.stringify({ ids: Array(300).fill("") }),
      )
    const big = await batch("br")
    const small = await rawGet(`${server.url}/health`, { "accept-encoding": "br" })
    expect(small.headers["content-encoding"]).toBeUndefined()
    expect(JSON.parse(small.body.toString()).code).toBe(0)
    expect(big.headers["content-encoding"]).toBe("br")
    expect(big.headers.vary).toMatch(/accept-encoding/i)
    // Compressed whole, not streamed: nothing before the handler turned the JSON answer into a stream.
    expect(big.headers["content-length"]).toBe(String(big.body.length))
    const text = brotliDecompressSync(big.body).toString()
    expect(text.length).toBeGreaterThan(1024)
    expect(big.body.length).toBeLessThan(text.length)
    JSON.parse(text)
    const gz = await batch("gzip")
    expect(gz.headers["content-encoding"]).toBe("gzip")
    expect(gunzipSync(gz.body).toString()).toBe(text)
  })
})
