// Bundles the desktop app for Electron: the main process as ESM (Electron itself external), the preload as one
// CommonJS file, which a sandboxed preload must be (it can require nothing but electron). Run before electron-builder
// (docs/desktop.md).
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"

const here = path.dirname(fileURLToPath(import.meta.url))

export async function bundleDesktop(outdir = path.join(here, "dist"), write = true) {
  const common = {
    bundle: true,
    platform: "node",
    target: "node22",
    external: ["electron"],
    write,
    logLevel: "warning",
  }
  const [main, preload] = await Promise.all([
    build({
      ...common,
      entryPoints: [path.join(here, "src/main.ts")],
      format: "esm",
      outfile: path.join(outdir, "main.js"),
    }),
    build({
      ...common,
      entryPoints: [path.join(here, "src/preload.ts")],
      format: "cjs",
      outfile: path.join(outdir, "preload.cjs"),
    }),
  ])
  return { main, preload }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleDesktop()
