// The AI group's list entries are checked before they are added (spec client §5): a shortcut needs a name and a
// prompt; an MCP service needs a name and a base URL that parses as http(s). Answers an i18n key or null.

export function shortcutProblem(input: { name: string; prompt: string }): string | null {
  return input.name.trim() && input.prompt.trim() ? null : "ai.shortcut.required"
}

export function mcpServiceProblem(input: { name: string; baseURL: string }): string | null {
  if (!input.name.trim()) return "ai.mcp.name_required"
  const url = input.baseURL.trim()
  if (!url) return "ai.mcp.url_required"
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? null : "ai.mcp.url_invalid"
  } catch {
    return "ai.mcp.url_invalid"
  }
}
