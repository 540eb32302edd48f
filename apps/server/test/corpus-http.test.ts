// The feed corpus through the real server path: the corpus's own HTTP scorer serves all its documents on loopback
// and our adapter subscribes to each through the API, then reads the feed and entries back.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { corpusAvailable, corpusCaseCount, corpusDir } from "./support/corpus.ts"

const here = path.dirname(fileURLToPath(import.meta.url))
const scorer = path.join(corpusDir, "score-http.mjs")

describe.skipIf(!corpusAvailable)("feed corpus over HTTP", () => {
  it("passes at least 90 % of the cases end to end", () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "corpus-")), "result.json")
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", scorer, path.join(here, "corpus/http-adapter.ts"), "--json", out],
      {
        cwd: path.resolve(here, ".."),
        encoding: "utf8",
        env: process.env,
        timeout: 240_000,
      },
    )
    // The scorer's last line counts cases ("N passed, M failed"); an earlier one counts expectations.
    const summary = /^(\d+) passed, (\d+) failed$/m.exec(run.stdout.trim().split("\n").at(-1) ?? "")
    expect(summary, run.stderr.slice(-2000)).not.toBeNull()
    const [passed, failed] = [Number(summary![1]), Number(summary![2])]
    const rate = passed / (passed + failed)
    console.log(`feed corpus over HTTP: ${passed}/${passed + failed} (${(rate * 100).toFixed(1)} %)`)
    expect(passed + failed).toBe(corpusCaseCount())
    expect(rate).toBeGreaterThanOrEqual(0.9)
    expect(JSON.parse(readFileSync(out, "utf8"))).toBeTruthy()
  }, 300_000)
})
