// uiTextSize sets the root font size, and every text of the interface follows it only when sized in rem or em:
// a pixel font size in a class stays put when the user asks for larger text.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"

const srcDir = path.resolve(import.meta.dirname, "..")

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : []
  })
}

describe("text sizes", () => {
  it("are never fixed in pixels in the interface's classes", () => {
    const offenders = sourceFiles(srcDir).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/\btext-\[\d+(\.\d+)?px\]/g)].map(
        (match) => `${path.relative(srcDir, file)}: ${match[0]}`,
      ),
    )
    expect(offenders).toEqual([])
  })
})
