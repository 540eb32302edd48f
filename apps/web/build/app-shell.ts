// Which built files the service worker precaches: the app shell. That is index.html, the entry chunk and every
// chunk it imports statically, the locale files, the entry view, the local database (its client chunk, its worker and sqlite's
// .wasm: the app opens from it offline), and every file that is not code (CSS, fonts, icons, the manifest).
// Screens that load on demand are left out: the worker caches them when they are first used (src/sw/sw.ts).
import type { OutputBundle, OutputChunk } from "rolldown"
import type { Plugin } from "vite"

interface ManifestEntry {
  url: string
  revision: string | null
  size: number
}

const shell = new Set<string>()

/** A chunk's static imports, followed to the end. */
function withStaticImports(bundle: OutputBundle, start: OutputChunk[]): Set<string> {
  const seen = new Set<string>()
  const queue = start.map((chunk) => chunk.fileName)
  while (queue.length) {
    const name = queue.pop() as string
    if (seen.has(name)) continue
    seen.add(name)
    const chunk = bundle[name]
    if (chunk?.type === "chunk") queue.push(...chunk.imports)
  }
  return seen
}

// The entry view loads after the timeline's first screen, but a reader opens entries offline first of all.
const alwaysNeeded = (chunk: OutputChunk) =>
  chunk.isEntry ||
  chunk.moduleIds.some(
    (id) =>
      /[\\/]src[\\/]db[\\/]client\.ts$/.test(id) ||
      /[\\/]i18n[\\/]locales[\\/]/.test(id) ||
      /[\\/]features[\\/]entry[\\/]entry-detail\.tsx$/.test(id),
  )

const plugin: Plugin = {
  name: "tidings-app-shell",
  apply: "build",
  generateBundle(_options, bundle) {
    shell.clear()
    const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === "chunk")
    for (const name of withStaticImports(bundle, chunks.filter(alwaysNeeded))) shell.add(name)
    // Workers are emitted as assets by their own build.
    for (const file of Object.values(bundle))
      if (file.type === "asset" && /\.m?js$/.test(file.fileName)) shell.add(file.fileName)
  },
}

/** workbox-build's manifestTransforms hook: keeps the shell's code and every non-code file. */
async function keepShell(entries: ManifestEntry[]) {
  if (shell.size === 0) throw new Error("app-shell: the bundle was not seen; is appShell.plugin in vite.config.ts?")
  const seen = new Set<string>()
  const manifest = entries.filter((entry) => {
    // vite-plugin-pwa adds the manifest and its icons itself too: one entry per url.
    if (seen.has(entry.url)) return false
    seen.add(entry.url)
    return !/\.m?js$/.test(entry.url) || shell.has(entry.url)
  })
  return { manifest, warnings: [] }
}

export const appShell = { plugin, keepShell }
