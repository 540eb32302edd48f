// Hotkey definitions and matching (spec client §5, §9): "+" joins the keys of one combination, ">" joins the
// steps of a sequence; a definition using both is rejected; a sequence's next step must come within 1000 ms.
// "mod" is ⌘ on Apple platforms and Ctrl elsewhere.

export const SEQUENCE_TIMEOUT_MS = 1000
const COMBO = "+"
const SEQUENCE = ">"

export interface Combo {
  key: string
  mod: boolean
  shift: boolean
  alt: boolean
}

export interface KeyInput {
  key: string
  code?: string
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
}

const KEY_NAMES: Record<string, string> = {
  comma: ",",
  period: ".",
  slash: "/",
  space: " ",
  up: "arrowup",
  down: "arrowdown",
  left: "arrowleft",
  right: "arrowright",
  esc: "escape",
  enter: "enter",
  tab: "tab",
}

/** Keys whose character already implies Shift ("?" is Shift+/ on most layouts), so Shift is not compared. */
const SHIFTED_CHARACTERS = new Set([
  "?",
  "!",
  "@",
  "#",
  "$",
  "%",
  "^",
  "&",
  "*",
  "(",
  ")",
  "_",
  "{",
  "}",
  ":",
  '"',
  "<",
  ">",
  "|",
  "~",
])

export class UnsupportedHotkeyError extends Error {}

function parseCombo(text: string): Combo {
  // "+" alone (or a trailing "++") names the plus key itself.
  const parts = text === COMBO ? [COMBO] : text.toLowerCase().split(COMBO).filter(Boolean)
  const combo: Combo = { key: "", mod: false, shift: false, alt: false }
  for (const part of parts) {
    if (part === "mod" || part === "meta" || part === "ctrl" || part === "cmd") combo.mod = true
    else if (part === "shift") combo.shift = true
    else if (part === "alt" || part === "option") combo.alt = true
    else combo.key = KEY_NAMES[part] ?? part
  }
  if (!combo.key) throw new UnsupportedHotkeyError(`Hotkey "${text}" names no key`)
  return combo
}

/** One definition ("j", "shift+mod+a", "g>i") as its steps; throws on a sequence of combinations. */
export function parseHotkey(definition: string): Combo[] {
  const text = definition.trim()
  if (text.length > 1 && text.includes(SEQUENCE) && text.includes(COMBO)) {
    throw new UnsupportedHotkeyError(`Hotkey "${definition}" mixes a sequence and a combination`)
  }
  const steps = text.length > 1 && text.includes(SEQUENCE) ? text.split(SEQUENCE) : [text]
  return steps.map(parseCombo)
}

/** The key an event stands for, lower-cased; Alt+letter on macOS types another character, so use the code. */
function eventKey(input: KeyInput): string {
  if (input.altKey && input.code?.startsWith("Key")) return input.code.slice(3).toLowerCase()
  if (input.code === "Space") return " "
  return input.key.toLowerCase()
}

export function comboMatches(combo: Combo, input: KeyInput, isMac: boolean): boolean {
  const key = eventKey(input)
  if (key !== combo.key) return false
  const mod = isMac ? input.metaKey : input.ctrlKey
  const other = isMac ? input.ctrlKey : input.metaKey
  if (mod !== combo.mod || other || input.altKey !== combo.alt) return false
  return SHIFTED_CHARACTERS.has(combo.key) || input.shiftKey === combo.shift
}

export interface Binding<C extends string> {
  command: C
  steps: Combo[]
}

/**
 * Feeds key presses in and tells which command they complete. Sequence progress is kept between presses and
 * dropped after SEQUENCE_TIMEOUT_MS; a single-key binding wins at once.
 */
export function createHotkeyMatcher<C extends string>(bindings: Binding<C>[], isMac: boolean) {
  let pending: { binding: Binding<C>; next: number }[] = []
  let lastAt = Number.NEGATIVE_INFINITY

  return (input: KeyInput, at: number, allowed: (command: C) => boolean): C | undefined => {
    if (at - lastAt > SEQUENCE_TIMEOUT_MS) pending = []
    lastAt = at
    const candidates = [
      ...pending,
      ...bindings.filter((binding) => allowed(binding.command)).map((binding) => ({ binding, next: 0 })),
    ]
    pending = []
    for (const candidate of candidates) {
      if (!comboMatches(candidate.binding.steps[candidate.next], input, isMac)) continue
      if (candidate.next + 1 === candidate.binding.steps.length) {
        pending = []
        return candidate.binding.command
      }
      pending.push({ binding: candidate.binding, next: candidate.next + 1 })
    }
    return undefined
  }
}

/** Text shown for a definition in the shortcut list ("⌘ K", "Ctrl K", "G then I"). */
export function describeHotkey(definition: string, isMac: boolean): string[][] {
  const names: Record<string, string> = {
    arrowup: "↑",
    arrowdown: "↓",
    arrowleft: "←",
    arrowright: "→",
    " ": "Space",
    ",": ",",
    tab: "Tab",
    escape: "Esc",
    enter: "Enter",
  }
  return parseHotkey(definition).map((combo) => [
    ...(combo.mod ? [isMac ? "⌘" : "Ctrl"] : []),
    ...(combo.shift ? [isMac ? "⇧" : "Shift"] : []),
    ...(combo.alt ? [isMac ? "⌥" : "Alt"] : []),
    names[combo.key] ?? combo.key.toUpperCase(),
  ])
}

export function isApplePlatform(): boolean {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform
  return /mac|iphone|ipad|ipod/i.test(platform)
}

/** Keys typed into a field belong to the field (spec: shortcuts are ignored while typing). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type)
  }
  return false
}
