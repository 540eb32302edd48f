// Rebinding (settings › shortcuts): a pressed key becomes a definition in the table's own syntax, the user's
// choices replace a command's default keys, and a key already used by another command where both apply is refused.
import type { CommandDefinition, CommandId } from "./commands.ts"
import { type KeyInput, parseHotkey } from "./hotkeys.ts"

export type KeyOverrides = Partial<Record<CommandId, string[]>>

const MODIFIER_KEYS = new Set(["control", "meta", "shift", "alt", "os", "altgraph", "capslock"])
const NAMED: Record<string, string> = {
  " ": "space",
  ",": "comma",
  ".": "period",
  "/": "slash",
  arrowup: "up",
  arrowdown: "down",
  arrowleft: "left",
  arrowright: "right",
  escape: "esc",
}

/** The definition a key press stands for ("shift+mod+a", "g", "?"), or null for a lone modifier. */
export function definitionFromEvent(input: KeyInput, isMac: boolean): string | null {
  const raw =
    input.altKey && input.code?.startsWith("Key") ? input.code.slice(3).toLowerCase() : input.key.toLowerCase()
  if (MODIFIER_KEYS.has(raw)) return null
  const key = NAMED[raw] ?? raw
  const parts: string[] = []
  // A character that already implies Shift ("?") is matched without it (hotkeys.ts), so it is not written.
  if (input.shiftKey && (key.length > 1 || /[a-z0-9]/.test(key))) parts.push("shift")
  if (isMac ? input.metaKey : input.ctrlKey) parts.push("mod")
  if (input.altKey) parts.push("alt")
  parts.push(key)
  const definition = parts.join("+")
  parseHotkey(definition)
  return definition
}

export function withOverrides(table: readonly CommandDefinition[], overrides: KeyOverrides): CommandDefinition[] {
  return table.map((command) => {
    const keys = overrides[command.id]
    return keys ? { ...command, keys } : command
  })
}

/** The command that already answers this definition where `id` applies too, if any. */
export function conflictingCommand(
  table: readonly CommandDefinition[],
  id: CommandId,
  definition: string,
): CommandId | undefined {
  const scopes = table.find((command) => command.id === id)?.scopes ?? []
  return table.find(
    (command) =>
      command.id !== id && command.keys.includes(definition) && command.scopes.some((scope) => scopes.includes(scope)),
  )?.id
}
