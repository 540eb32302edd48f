// The AI SDK is loaded only when a model is called: start-up time and idle memory are budgeted, and a server whose
// users never use AI should not pay for it. Checked on the bundle production runs (scripts/build-server.mjs's own
// settings): no file the entry points import statically may hold code of `ai` or `@ai-sdk/*`.
import { build, type Metafile } from "esbuild"
import { describe, expect, it } from "vitest"
import { serverBuildOptions } from "../../../scripts/build-server.mjs"

const aiSdkInput = (input: string) => /node_modules\/(ai|@ai-sdk\/[^/]+)\//.test(input)

describe("the AI SDK at start-up", () => {
  it("is not imported statically by the server or worker bundles, only by a chunk loaded on demand", async () => {
    const result = await build({
      ...serverBuildOptions(),
      outdir: "dist-test-unused",
      write: false,
      metafile: true,
      logLevel: "silent",
    })
    const outputs = (result.metafile as Metafile).outputs
    /** The output files loaded with `start`: it and what it imports statically, transitively. */
    const staticReach = (start: string) => {
      const seen = new Set<string>()
      const walk = (file: string) => {
        if (seen.has(file)) return
        seen.add(file)
        for (const imp of outputs[file]?.imports ?? [])
          if (imp.kind === "import-statement" && !imp.external) walk(imp.path)
      }
      walk(start)
      return [...seen]
    }
    const inputsOf = (files: string[]) => files.flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
    const entries = Object.keys(outputs).filter((f) => /(^|\/)(main|worker)\.mjs$/.test(f))
    expect(entries).toHaveLength(2)
    for (const entry of entries) {
      const loaded = inputsOf(staticReach(entry))
      expect(loaded.some((input) => input.includes("node_modules/zod/"))).toBe(true) // packages loaded at start are seen
      expect(loaded.filter(aiSdkInput)).toEqual([])
    }
    // …and the SDK is in the bundle, in chunks imported dynamically.
    const dynamic = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.kind === "dynamic-import"))
    const lazyInputs = inputsOf(dynamic.flatMap((i) => staticReach(i.path)))
    expect(lazyInputs.some(aiSdkInput)).toBe(true)
  })
})
