// Every usage event of the spec's list (client §9) is sent from somewhere in the client: a code that no screen
// tracks would leave a hole in the admin's dashboard. The browser tests (trending-plan) check that some of them
// arrive; this checks that none is forgotten.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import { TRACKED_EVENTS } from "./analytics-tracker.ts"

const src = path.join(import.meta.dirname, "..")

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe("usage events", () => {
  it("tracks every event code the spec lists from the client's code", () => {
    const code = sources(src)
      .filter((file) => !file.endsWith("analytics-tracker.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n")
    // The names inside each track(…) call's first argument (a literal, or a choice between literals).
    const tracked = new Set(
      [...code.matchAll(/\btrack\(([^,)]*)/g)].flatMap((call) =>
        [...(call[1] ?? "").matchAll(/"(\w+)"/g)].map((m) => m[1]),
      ),
    )
    const untracked = Object.keys(TRACKED_EVENTS).filter((name) => !tracked.has(name))
    expect(untracked).toEqual([])
  })
})
