// The AI SDK is loaded only when a model is called: start-up time and idle memory are budgeted, and a server whose
// users never use AI should not pay for it. Checked on the bundle production runs (scripts/build-server.mjs's
// settings): nothing the entry points import statically may reach `ai` or `@ai-sdk/*`.
import { readFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "esbuild"
import { describe, expect, it } from "vitest"

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const isAiSdk = (p: string) => p === "ai" || p.startsWith("ai/") || p.startsWith("@ai-sdk/")

describe("the AI SDK at start-up", () => {
  it("is not imported statically by the server or worker bundles, only by a chunk loaded on demand", async () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(server, "package.json"), "utf8"))
    const external = Object.keys(dependencies).filter((name) => !name.startsWith("@tidings/"))
    const result = await build({
      entryPoints: { main: path.join(server, "src/main.ts"), worker: path.join(server, "src/worker.ts") },
      outdir: path.join(server, "dist-test-unused"),
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node20",
      external: external.flatMap((name) => [name, `${name}/*`]),
      write: false,
      metafile: true,
      logLevel: "silent",
    })
    const outputs = result.metafile.outputs
    const staticReach = (start: string) => {
      const seen = new Set<string>()
      const reached: string[] = []
      const walk = (file: string) => {
        if (seen.has(file)) return
        seen.add(file)
        for (const imp of outputs[file]?.imports ?? []) {
          if (imp.kind !== "import-statement") continue
          if (imp.external) reached.push(imp.path)
          else walk(imp.path)
        }
      }
      walk(start)
      return reached
    }
    const entries = Object.keys(outputs).filter((f) => /\/(main|worker)\.mjs$/.test(f))
    expect(entries).toHaveLength(2)
    for (const entry of entries) {
      const reached = staticReach(entry)
      expect(reached).toContain("zod") // the walk does see the packages loaded at start (config.ts)
      expect(reached.filter(isAiSdk)).toEqual([])
    }
    // …and the SDK is in the bundle, behind dynamic imports (one per feature that calls a model).
    const dynamic = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.kind === "dynamic-import"))
    expect([...new Set(dynamic.map((i) => i.path).filter(isAiSdk))].sort()).toEqual(["@ai-sdk/openai-compatible", "ai"])
  })
})
