// The README's test command: lint, type-check, build the web client, then every test suite.
// Ends with one line "N passed, M failed" counting tests across all suites (a failed check counts as one failure).
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const only = process.argv.slice(2) // e.g. `npm test -- server` runs only the named steps
const bin = (name) => path.join(root, "node_modules/.bin", name)
const out = mkdtempSync(path.join(tmpdir(), "tidings-results-"))
let passed = 0
let failed = 0

function run(label, command, args, cwd = root) {
  console.log(`\n== ${label}`)
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env })
  return result.status === 0
}

function check(label, command, args, cwd) {
  if (only.length && !only.includes(label)) return
  if (run(label, command, args, cwd)) passed++
  else failed++
}

function suite(label, cwd, args = [], report = label) {
  if (only.length && !only.includes(label)) return
  const file = path.join(out, `${report}.json`)
  const ok = run(
    label,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, ...args],
    cwd,
  )
  try {
    const report = JSON.parse(readFileSync(file, "utf8"))
    passed += report.numPassedTests
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0)
    if (!ok && report.numFailedTests === 0 && !report.numFailedTestSuites) failed++
  } catch {
    failed++
  }
}

check("lint", bin("biome"), ["check", "."])
for (const ws of ["packages/shared", "apps/server", "apps/web", "apps/desktop"]) {
  if (existsSync(path.join(root, ws, "tsconfig.json"))) {
    check("typecheck", bin("tsc"), ["-p", path.join(ws, "tsconfig.json"), "--noEmit"])
  }
}
check("build", process.execPath, [path.join(root, "scripts/build-web.mjs")])
check("build", process.execPath, [path.join(root, "scripts/build-server.mjs")])
suite("server", path.join(root, "apps/server"))
suite("web", path.join(root, "apps/web"))
suite("desktop", path.join(root, "apps/desktop"))
suite("e2e", path.join(root, "apps/web"), ["--config", "vitest.e2e.config.ts"])
suite("e2e", path.join(root, "apps/web"), ["--config", "vitest.e2e-serial.config.ts"], "e2e-serial")

rmSync(out, { recursive: true, force: true })
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
