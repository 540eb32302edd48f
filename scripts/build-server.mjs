// Bundles the server when its bundle is missing or older than its sources, so `npm start` runs plain JavaScript:
// no TypeScript compiler at start-up, one file instead of hundreds to resolve and load (start-up time, memory).
// Packages are bundled too, except those listed in KEEP_EXTERNAL: loading zod, drizzle, better-auth, undici and the
// rest as hundreds of separate modules was over half of a start (1.5 of 2.6 s on PGlite, 2026-11-27).
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const server = path.join(root, "apps/server")
const dist = path.join(server, "dist")
const stamp = path.join(dist, ".built")
// The lock file too: the bundle holds the packages, so an install that changes one must rebuild it.
const sources = [
  "apps/server/src",
  "apps/server/package.json",
  "package-lock.json",
  "packages/shared/src",
  "scripts/build-server.mjs",
]
/**
 * Packages left in node_modules: they read files beside their own code at run time (PGlite's .wasm and data,
 * BullMQ's Lua scripts), are native or load native parts (sharp, esbuild, pg's optional pg-native, BullMQ's
 * msgpackr), or are the TypeScript loader; `canvas` is linkedom's optional require.
 */
const KEEP_EXTERNAL = ["@electric-sql/pglite", "bullmq", "ioredis", "pg", "sharp", "esbuild", "tsx", "canvas"]

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
  rmSync(dist, { recursive: true, force: true })
  await build({ ...serverBuildOptions(), outdir: dist, sourcemap: true, logLevel: "warning" })
  // Read at start-up next to the bundle (storage/db.ts looks beside itself).
  cpSync(path.join(server, "src/storage/migrations"), path.join(dist, "migrations"), { recursive: true })
  writeFileSync(stamp, new Date().toISOString())
  return true
}

/** esbuild's settings for the bundle (test/ai-lazy-load.test.ts checks what they make). */
export function serverBuildOptions() {
  return {
    entryPoints: Object.fromEntries(Object.entries(entries).map(([out, src]) => [out, path.join(server, src)])),
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
    external: KEEP_EXTERNAL.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS packages require Node's own modules: give the bundle's modules a require to do it with.
    banner: {
      js: 'import { createRequire as __tidingsRequire } from "node:module"; const require = __tidingsRequire(import.meta.url);',
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const built = await buildServer({ force: process.argv.includes("--force") })
  if (built) console.log("built the server bundle (apps/server/dist)")
}
