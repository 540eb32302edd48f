// Builds the web client when its build is missing or older than its sources, so `npm start` needs no build step,
// then writes brotli and gzip copies of its files for the server to send as they are.
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, statSync } from "node:fs"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { precompress } from "./precompress.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const web = path.join(root, "apps/web")
const built = path.join(web, "dist/index.html")
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
]

function newest(p) {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))))
}

/** Builds the client when it is missing or stale (or forced); writes compressed copies of what is new. */
export function buildWeb({ force = false } = {}) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0
  const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))))
  if (force || builtAt < changedAt) {
    console.log(builtAt ? "web client sources changed: rebuilding" : "building the web client (first start)")
    const vite = path.join(root, "node_modules/vite/bin/vite.js")
    const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], { cwd: web, stdio: "inherit" })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
  // Also for a build made before precompression existed: files already compressed are skipped.
  const compressed = precompress(path.join(web, "dist"))
  const total = (key) => compressed.reduce((sum, f) => sum + f[key], 0)
  if (compressed.length) {
    console.log(
      `precompressed ${compressed.length} files: ${total("bytes")} B -> br ${total("br")} B, gzip ${total("gzip")} B`,
    )
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) buildWeb({ force: process.argv.includes("--force") })
