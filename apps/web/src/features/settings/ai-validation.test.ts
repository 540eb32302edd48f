import { describe, expect, it } from "vitest"
import { mcpServiceProblem, shortcutProblem } from "./ai-validation.ts"

describe("AI list checks (spec client §5)", () => {
  it("wants a shortcut's name and prompt, blanks not counting", () => {
    expect(shortcutProblem({ name: "Explain", prompt: "Explain simply" })).toBeNull()
    expect(shortcutProblem({ name: " ", prompt: "x" })).toBe("ai.shortcut.required")
    expect(shortcutProblem({ name: "x", prompt: "" })).toBe("ai.shortcut.required")
  })
  it("wants an MCP service's name, then a base URL, then one that is http(s)", () => {
    expect(mcpServiceProblem({ name: "", baseURL: "https://a.example" })).toBe("ai.mcp.name_required")
    expect(mcpServiceProblem({ name: "a", baseURL: "  " })).toBe("ai.mcp.url_required")
    expect(mcpServiceProblem({ name: "a", baseURL: "not a url" })).toBe("ai.mcp.url_invalid")
    expect(mcpServiceProblem({ name: "a", baseURL: "javascript:alert(1)" })).toBe("ai.mcp.url_invalid")
    expect(mcpServiceProblem({ name: "a", baseURL: "http://127.0.0.1:3001/mcp" })).toBeNull()
  })
})
