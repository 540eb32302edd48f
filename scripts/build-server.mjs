// Bundles the server when its bundle is missing or older than its sources, so `npm start` runs plain JavaScript:
// no TypeScript compiler at start-up, one file instead of hundreds to resolve and load (start-up time, memory).
// Packages stay in node_modules; only our own code (and @tidings/shared) is bundled.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const server = path.join(root, "apps/server")
const dist = path.join(server, "dist")
const stamp = path.join(dist, ".built")
const sources = ["apps/server/src", "apps/server/package.json", "packages/shared/src", "scripts/build-server.mjs"]
/** Entry points and the file each becomes; the parsing thread's is the one reader/parser.ts starts. */
const entries = {
  main: "src/main.ts",
  worker: "src/worker.ts",
  "parse-worker": "src/reader/parse-thread.ts",
}

function newest(p) {
  if (!existsSync(p)) return 0
  const stat = statSync(p)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))))
}

export async function buildServer({ force = false } = {}) {
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  if (!force && builtAt >= Math.max(...sources.map((s) => newest(path.join(root, s))))) return false
  const { build } = await import("esbuild")
  const { dependencies } = JSON.parse(readFileSync(path.join(server, "package.json"), "utf8"))
  const external = Object.keys(dependencies).filter((name) => !name.startsWith("@tidings/"))
  rmSync(dist, { recursive: true, force: true })
  await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([out, src]) => [out, path.join(server, src)])),
    outdir: dist,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    // Modules imported dynamically (the BullMQ engine, the inline parser, readability) become chunks of their own,
    // so a server that never needs them never loads them or the packages they import.
    splitting: true,
    // Beside the entries, since code in a chunk finds the migrations and the parsing thread relative to itself.
    chunkNames: "[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: "warning",
  })
  // Read at start-up next to the bundle (storage/db.ts looks beside itself).
  cpSync(path.join(server, "src/storage/migrations"), path.join(dist, "migrations"), { recursive: true })
  writeFileSync(stamp, new Date().toISOString())
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const built = await buildServer({ force: process.argv.includes("--force") })
  if (built) console.log("built the server bundle (apps/server/dist)")
}
