// Serves the built web client: its files from dist, and index.html for every browser navigation (the SPA's
// router decides what a path shows, including the not-found page).
import { readdirSync, readFileSync, statSync } from "node:fs"
import path from "node:path"
import type { MiddlewareHandler } from "hono"

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
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src * data: blob:",
  "media-src * data: blob:",
  "frame-src https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
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

/** Undefined when the client has not been built (the API still works). */
export function webClient(distDir: string): MiddlewareHandler | undefined {
  let files: Map<string, string>
  try {
    files = listFiles(distDir)
  } catch {
    return undefined
  }
  const indexFile = files.get("/index.html")
  if (!indexFile) return undefined
  const indexHtml = readFileSync(indexFile)
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    const pathname = c.req.path
    const file = pathname !== "/" && files.get(pathname)
    if (file) {
      const immutable = pathname.startsWith("/assets/")
      return c.body(readFileSync(file), 200, {
        "content-type": types[path.extname(file)] ?? "application/octet-stream",
        "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache",
        "x-content-type-options": "nosniff",
      })
    }
    // The root is the app whatever the client accepts (curl, link checkers, uptime probes); no API call lives there.
    const navigation =
      pathname === "/" ||
      c.req.header("sec-fetch-mode") === "navigate" ||
      /text\/html/.test(c.req.header("accept") ?? "")
    if (!navigation || pathname.startsWith("/better-auth/")) return next()
    if (pathname.endsWith("/index.html")) return c.redirect("/", 302)
    return c.body(indexHtml, 200, {
      "content-type": types[".html"]!,
      "cache-control": "no-cache",
      "content-security-policy": contentSecurityPolicy,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    })
  }
}
