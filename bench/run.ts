// npm run bench: the ingest matrix of docs/benchmarks.md (PGlite, PostgreSQL in-process, PostgreSQL + Redis with 1
// and 2 worker processes), at 200 × 50 and 1,000 × 100. Prints one JSON line per run and a Markdown table.
// `--repeat N` runs each setting N times and reports the median run (by entries/s) with the range seen, because a
// shared 2-core machine moves single runs by a third. `--warmup W` is passed on to every run.
import { spawnSync } from "node:child_process"
import path from "node:path"

const root = path.resolve(import.meta.dirname, "..")
const sizes = process.argv.includes("--quick")
  ? [["200", "50"]]
  : [
      ["200", "50"],
      ["1000", "100"],
    ]
const setups = [
  ["--db", "pglite"],
  ["--db", "postgres"],
  ["--db", "postgres", "--workers", "1"],
  ["--db", "postgres", "--workers", "2"],
]

interface Result {
  db: string
  queue: string
  feeds: number
  items: number
  entriesPerSecond: number
  feedsPerSecond: number
  parseOnlyEntriesPerSecond: number
  ratioToCeiling: number
  coldSeconds: number
  coldCpuSeconds: { node: number; eventLoop: number; workers: number; postgres: number }
  steadyRefreshSeconds: number
  peakRssMb: number
}

const repeatAt = process.argv.indexOf("--repeat")
const repeat = repeatAt > 0 ? Math.max(1, Number(process.argv[repeatAt + 1]) || 1) : 1
const warmupAt = process.argv.indexOf("--warmup")
const warmup = warmupAt > 0 ? ["--warmup", process.argv[warmupAt + 1]!] : []

const rows: (Result & { range: string })[] = []
for (const [feeds, items] of sizes) {
  for (const setup of setups) {
    const runs: Result[] = []
    for (let i = 0; i < repeat; i++) {
      const result = runOnce(feeds!, items!, setup)
      if (result) runs.push(result)
    }
    if (!runs.length) continue
    runs.sort((a, b) => a.entriesPerSecond - b.entriesPerSecond)
    const median = runs[Math.floor(runs.length / 2)]!
    const range = `${runs[0]!.entriesPerSecond}–${runs.at(-1)!.entriesPerSecond}`
    rows.push({ ...median, range: runs.length > 1 ? range : String(median.entriesPerSecond) })
  }
}

function runOnce(feeds: string, items: string, setup: string[]): Result | undefined {
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "bench/ingest.ts", "--feeds", feeds, "--items", items, ...setup, ...warmup],
    { cwd: root, encoding: "utf8" },
  )
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"))
  if (!line) {
    console.error(`run failed: ${setup.join(" ")} ${feeds}×${items}\n${run.stderr.slice(-1500)}`)
    return undefined
  }
  console.log(line)
  return JSON.parse(line) as Result
}

console.log(
  `\n| feeds × items | database | queue | entries/s (median of ${repeat}) | range entries/s | feeds/s | parse-only entries/s | ceiling ÷ actual | cold s | cold CPU s: Node / workers / PostgreSQL | steady refresh s | peak RSS MB |`,
)
console.log("|---|---|---|---|---|---|---|---|---|---|---|---|")
for (const r of rows) {
  console.log(
    `| ${r.feeds} × ${r.items} | ${r.db} | ${r.queue} | ${r.entriesPerSecond} | ${r.range} | ${r.feedsPerSecond} | ${r.parseOnlyEntriesPerSecond} | ${r.ratioToCeiling} | ${r.coldSeconds} | ${r.coldCpuSeconds.node} / ${r.coldCpuSeconds.workers} / ${r.coldCpuSeconds.postgres} | ${r.steadyRefreshSeconds} | ${r.peakRssMb} |`,
  )
}
