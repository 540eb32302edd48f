// Which focus area (spec client §2) the keyboard is in: a modal when one is open (its own data-focus-scope, such as
// the video player, or "modal"), an open popup menu (portaled to <body>, so outside every other area), else the
// nearest data-focus-scope around the focused element, else home.
import type { FocusScope } from "./commands.ts"
import type { KeyInput } from "./hotkeys.ts"

export function currentFocusScope(): FocusScope {
  const modal = document.querySelector<HTMLElement>("dialog:modal, [aria-modal='true']")
  if (modal) return (modal.dataset.focusScope as FocusScope | undefined) ?? "modal"
  // A menu took the focus when it opened and holds the keyboard until it closes, wherever the focus went since.
  if (document.querySelector("[data-focus-scope='menu'], [data-focus-scope='dropdown-menu']")) return "menu"
  const active = document.activeElement
  const scoped = active?.closest<HTMLElement>("[data-focus-scope]")
  return (scoped?.dataset.focusScope as FocusScope | undefined) ?? "home"
}

/** Tab and Space belong to the focused control (a link, a button) rather than to a shortcut. */
export function isControlFocused(): boolean {
  const active = document.activeElement
  if (!active || active === document.body) return false
  return Boolean(active.closest("a, button, summary, select, [role='button'], [role='tab'], [tabindex]"))
}

const ARTICLE_SCROLL_KEYS = new Set(["ArrowUp", "ArrowDown"])

/** ↑/↓ inside the article scroll it (the browser's own behaviour); j/k step entries there, ↑/↓ do in the lists. */
export function keyScrollsArticle(scope: FocusScope, input: KeyInput): boolean {
  const modified = input.metaKey || input.ctrlKey || input.altKey || input.shiftKey
  return scope === "entry-render" && !modified && ARTICLE_SCROLL_KEYS.has(input.key)
}
