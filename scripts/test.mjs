// The README's test command: lint, type-check, build the web client, then every test suite.
// Ends with one line "N passed, M failed" counting tests across all suites (a failed check counts as one failure).
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { stripVTControlCharacters } from "node:util"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const only = process.argv.slice(2) // e.g. `npm test -- server` runs only the named steps
const bin = (name) => path.join(root, "node_modules/.bin", name)
const out = mkdtempSync(path.join(tmpdir(), "tidings-results-"))
let passed = 0
let failed = 0
// Named again at the end: CI shows only the tail of its log, where a failure among thousands of lines is lost.
const failures = []

function run(label, command, args, cwd = root) {
  console.log(`\n== ${label}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env })
  console.log(`== ${label} took ${Math.round((Date.now() - started) / 1000)} s`)
  return result.status === 0
}

function check(label, command, args, cwd) {
  if (only.length && !only.includes(label)) return
  if (run(label, command, args, cwd)) passed++
  else {
    failed++
    failures.push(`${label}: ${path.basename(args[args.length - 1] ?? command)}`)
  }
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
    const results = JSON.parse(readFileSync(file, "utf8"))
    passed += results.numPassedTests
    failed += results.numFailedTests + (results.numFailedTestSuites ?? 0)
    if (!ok && results.numFailedTests === 0 && !results.numFailedTestSuites) {
      failed++
      failures.push(`${report}: exited with an error and no failed test`)
    }
    for (const result of results.testResults ?? []) {
      const name = path.relative(cwd, result.name)
      const failedTests = (result.assertionResults ?? []).filter((test) => test.status === "failed")
      for (const test of failedTests) failures.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages)}`)
      if (result.status === "failed" && failedTests.length === 0)
        failures.push(`${name}: ${firstLine([result.message])}`)
    }
  } catch {
    failed++
    failures.push(`${label}: no report`)
  }
}

function firstLine(messages) {
  const text = (messages ?? []).find(Boolean) ?? ""
  return stripVTControlCharacters(text).split("\n")[0].slice(0, 300)
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
if (failures.length) console.log(`\n== failed\n${failures.map((line) => `- ${line}`).join("\n")}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
