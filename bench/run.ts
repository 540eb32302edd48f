// npm run bench: the ingest matrix of docs/benchmarks.md (PGlite, PostgreSQL in-process, PostgreSQL + Redis with 1
// and 2 worker processes), at 200 × 50 and 1,000 × 100. Prints one JSON line per run and a Markdown table.
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
  steadyRefreshSeconds: number
  peakRssMb: number
}

const rows: Result[] = []
for (const [feeds, items] of sizes) {
  for (const setup of setups) {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "bench/ingest.ts", "--feeds", feeds!, "--items", items!, ...setup],
      {
        cwd: root,
        encoding: "utf8",
      },
    )
    const line = run.stdout.split("\n").find((l) => l.startsWith("{"))
    if (!line) {
      console.error(`run failed: ${setup.join(" ")} ${feeds}×${items}\n${run.stderr.slice(-1500)}`)
      continue
    }
    console.log(line)
    rows.push(JSON.parse(line) as Result)
  }
}

console.log(
  "\n| feeds × items | database | queue | entries/s | feeds/s | parse-only entries/s | ceiling ÷ actual | cold s | steady refresh s | peak RSS MB |",
)
console.log("|---|---|---|---|---|---|---|---|---|---|")
for (const r of rows) {
  console.log(
    `| ${r.feeds} × ${r.items} | ${r.db} | ${r.queue} | ${r.entriesPerSecond} | ${r.feedsPerSecond} | ${r.parseOnlyEntriesPerSecond} | ${r.ratioToCeiling} | ${r.coldSeconds} | ${r.steadyRefreshSeconds} | ${r.peakRssMb} |`,
  )
}
