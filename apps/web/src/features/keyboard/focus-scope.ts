// Which focus area (spec client §2) the keyboard is in: a modal when one is open, else the nearest
// data-focus-scope around the focused element, else home.
import type { FocusScope } from "./commands.ts"

export function currentFocusScope(): FocusScope {
  if (document.querySelector("dialog:modal, [aria-modal='true']")) return "modal"
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
