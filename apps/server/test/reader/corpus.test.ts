// The shared feed-parsing conformance corpus, run in-process through parseFeedDocument; fails below 98 %.
import { pathToFileURL } from "node:url"
import { describe, expect, it } from "vitest"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import { corpusAvailable, corpusCaseCount, corpusDir } from "../support/corpus.ts"
import { toNeutral } from "./corpus-adapter.ts"

const CORPUS = pathToFileURL(`${corpusDir}/`)
const MIN_PASS_RATE = 0.98

interface CorpusCase {
  id: string
  url: string
  input: string
  headers: Record<string, string> | null
}
interface Outcome {
  ok: boolean
  field: string | string[]
  op: string
  expected: unknown
  got: unknown
}
interface CorpusLib {
  loadCases(opts?: { filter?: string }): CorpusCase[]
  readInput(c: CorpusCase): Buffer
  checkCase(c: CorpusCase, result: unknown): Outcome[]
}
interface BigFeedLib {
  makeBigRss(target: number): { buf: Buffer; n: number }
}

function headersOf(c: CorpusCase): Record<string, string> {
  return Object.fromEntries(Object.entries(c.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
}

function runCase(lib: CorpusLib, c: CorpusCase): { id: string; failures: string[] } {
  const headers = headersOf(c)
  try {
    const feed = parseFeedDocument(lib.readInput(c), {
      url: c.url,
      contentType: headers["content-type"] ?? (c.input.endsWith(".json") ? "application/feed+json" : "application/xml"),
      contentLocation: headers["content-location"] ?? null,
    })
    const failed = lib.checkCase(c, toNeutral(feed)).filter((o) => !o.ok)
    return { id: c.id, failures: failed.map((o) => `${JSON.stringify(o.field)} ${o.op} ${JSON.stringify(o.expected)}`) }
  } catch (e) {
    return { id: c.id, failures: [`threw ${String(e)}`] }
  }
}

describe.skipIf(!corpusAvailable)("feed-corpus conformance", () => {
  it(`passes at least ${MIN_PASS_RATE * 100} % of the cases`, async () => {
    const lib = (await import(new URL("lib/corpus.mjs", CORPUS).href)) as CorpusLib
    const cases = lib.loadCases()
    const results = cases.map((c) => runCase(lib, c))
    const failed = results.filter((r) => r.failures.length)
    const rate = (cases.length - failed.length) / cases.length
    console.log(`feed-corpus: ${cases.length - failed.length}/${cases.length} passed (${(rate * 100).toFixed(1)} %)`)
    for (const f of failed) console.log(`  FAIL ${f.id}: ${f.failures.join("; ")}`)
    expect(cases.length).toBe(corpusCaseCount())
    expect(rate).toBeGreaterThanOrEqual(MIN_PASS_RATE)
  })

  it("parses a ~1 MB RSS feed quickly", async () => {
    const { makeBigRss } = (await import(new URL("lib/bigfeed.mjs", CORPUS).href)) as BigFeedLib
    const { buf, n } = makeBigRss(1 << 20)
    const input = { url: "https://example.com/big.xml", contentType: "application/xml" }
    for (let i = 0; i < 3; i++) parseFeedDocument(buf, input)
    const started = performance.now()
    const feed = parseFeedDocument(buf, input)
    const ms = performance.now() - started
    console.log(`bigfeed: ${n} entries in ${ms.toFixed(0)} ms (${Math.round((n / ms) * 1000)} entries/s)`)
    expect(feed.entries).toHaveLength(n)
    expect(ms).toBeLessThan(2000)
  })
})
