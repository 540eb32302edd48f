import { describe, expect, it } from "vitest"
import { loginPath, safeRedirect } from "./paths.ts"

describe("login redirects", () => {
  it("keeps app paths and refuses other origins", () => {
    expect(safeRedirect("/timeline/view-1/all/pending")).toBe("/timeline/view-1/all/pending")
    expect(safeRedirect("//evil.example/x")).toBeUndefined()
    expect(safeRedirect("https://evil.example")).toBeUndefined()
    expect(safeRedirect("/login?redirect=/x")).toBeUndefined()
    expect(safeRedirect(null)).toBeUndefined()
  })

  it("builds the sign-in path", () => {
    expect(loginPath("/timeline/view-0/all/pending")).toBe("/login?redirect=%2Ftimeline%2Fview-0%2Fall%2Fpending")
    expect(loginPath("/")).toBe("/login")
    expect(loginPath()).toBe("/login")
  })
})
