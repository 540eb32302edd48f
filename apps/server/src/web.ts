// Serves the built web client: its files from dist (in the precompressed encoding the client takes), and index.html
// for every browser navigation (the SPA's router decides what a path shows, including the not-found page).
import { createHash } from "node:crypto"
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import type { Context, MiddlewareHandler } from "hono"
import { type Encoding, pickEncoding } from "./compression.ts"

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
}

// Feed HTML is sanitised on the server and in the browser; the policy is the third line of defence.
// Integrations send entries from the browser to services the user names (their Readeck, Outline, a webhook…), so
// requests may go to any http(s) host; scripts stay limited to our own, which is what keeps injected code out.
// connectSources (the analytics endpoint when one is configured) are named as well, so they stay allowed should the
// integrations' rule ever narrow.
const contentSecurityPolicy = (connectSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src * data: blob:",
    "media-src * data: blob:",
    "frame-src https:",
    "font-src 'self' data:",
    ["connect-src 'self' http: https:", ...connectSources].join(" "),
    // The service worker (/sw.js) and the local database's worker.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ")

function listFiles(dir: string, prefix = ""): Map<string, string> {
  const files = new Map<string, string>()
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) for (const [k, v] of listFiles(full, `${prefix}/${name}`)) files.set(k, v)
    else files.set(`${prefix}/${name}`, full)
  }
  return files
}

/** A file of the build with the precompressed copies beside it (name.br, name.gz, written by the build). */
interface Asset {
  file: string
  type: string
  variants: Partial<Record<Encoding, string>>
}

function assetsOf(files: Map<string, string>): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  for (const [url, file] of files) {
    if (/\.(br|gz)$/.test(url)) continue
    const variants: Asset["variants"] = {}
    if (files.has(`${url}.br`)) variants.br = files.get(`${url}.br`)
    if (files.has(`${url}.gz`)) variants.gzip = files.get(`${url}.gz`)
    assets.set(url, { file, type: types[path.extname(file)] ?? "application/octet-stream", variants })
  }
  return assets
}

const etags = new Map<string, { stamp: string; tag: string }>()

/**
 * A strong ETag per stored file (each encoding is its own file, so its own tag), computed again when the file's
 * size or time changes: an unhashed file replaced in place (sw.js of a new build copied over) is a new version.
 */
function etagOf(file: string, bytes: Buffer): string {
  const { mtimeMs, size } = statSync(file)
  const stamp = `${mtimeMs}:${size}`
  const known = etags.get(file)
  if (known?.stamp === stamp) return known.tag
  const tag = `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 22)}"`
  etags.set(file, { stamp, tag })
  return tag
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === etag)
}

/** The asset in the best encoding the client takes, with its validators; 304 when the client's copy is current. */
function serveAsset(c: Context, asset: Asset, headers: Record<string, string>): Response {
  const offered = (["br", "gzip"] as const).filter((e) => asset.variants[e])
  const encoding = pickEncoding(c.req.header("accept-encoding"), offered)
  const file = encoding ? asset.variants[encoding]! : asset.file
  const bytes = readFileSync(file)
  const etag = etagOf(file, bytes)
  const all: Record<string, string> = {
    "content-type": asset.type,
    etag,
    "x-content-type-options": "nosniff",
    ...headers,
  }
  if (offered.length) all.vary = "Accept-Encoding"
  if (encoding) all["content-encoding"] = encoding
  if (matches(c.req.header("if-none-match"), etag)) return c.body(null, 304, all)
  return c.body(bytes, 200, all)
}

/** Cache lifetime and the headers a file's kind needs. */
function headersFor(pathname: string, asset: Asset, policy: string): Record<string, string> {
  // Only /assets/ names carry a content hash, so only they may be cached without asking again.
  if (pathname.startsWith("/assets/")) return { "cache-control": "public, max-age=31536000, immutable" }
  // The service worker: browsers check it for updates on every navigation (at most daily without this); it controls
  // the whole origin from the root.
  if (pathname === "/sw.js") return { "cache-control": "no-cache", "service-worker-allowed": "/" }
  // index.html as the service worker precaches it is also what it later answers navigations with: same policy.
  if (asset.type.startsWith("text/html")) return { "cache-control": "no-cache", ...pageHeaders(policy) }
  return { "cache-control": "no-cache" }
}

const pageHeaders = (policy: string) => ({
  "content-security-policy": policy,
  "referrer-policy": "strict-origin-when-cross-origin",
})

/** Undefined when the client has not been built (the API still works). `connectSources`: origins the page may call. */
/** The sync protocols' paths (sync/): an app asking with Accept: text/html still gets the API's answer. */
const SYNC_API = /^\/(api\/greader\.php|reader\/api\/|accounts\/ClientLogin|fever(\/|$))/

export function webClient(distDir: string, connectSources: string[] = []): MiddlewareHandler | undefined {
  const policy = contentSecurityPolicy(connectSources)
  let assets: Map<string, Asset>
  try {
    assets = assetsOf(listFiles(distDir))
  } catch {
    return undefined
  }
  const index = assets.get("/index.html")
  if (!index) return undefined
  // WebSub hubs call /websub/ (services/websub.ts).
  const SERVER_PREFIXES = ["/better-auth/", "/mcp/oauth/", "/out/", "/upload/", "/websub/"]
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    const pathname = c.req.path
    const asset = pathname !== "/" && assets.get(pathname)
    if (asset) return serveAsset(c, asset, headersFor(pathname, asset, policy))
    // The root is the app whatever the client accepts (curl, link checkers, uptime probes); no API call lives there.
    const navigation =
      pathname === "/" ||
      c.req.header("sec-fetch-mode") === "navigate" ||
      /text\/html/.test(c.req.header("accept") ?? "")
    // The MCP OAuth callback is a server route the authorization server sends the browser to; a published feed
    // (/out/) or an uploaded file opened in a browser tab is the document, not the app; the sync protocols are the
    // API's.
    const server = SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))
    if (!navigation || server || SYNC_API.test(pathname)) return next()
    if (pathname.endsWith("/index.html")) return c.redirect("/", 302)
    return serveAsset(c, index, { "cache-control": "no-cache", ...pageHeaders(policy) })
  }
}
