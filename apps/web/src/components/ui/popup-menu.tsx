// The popup menu itself (see menu.tsx): loaded on the first open, so no screen's first JavaScript carries it.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react"
import { createPortal } from "react-dom"
import { cx } from "../../lib/cx.ts"
import { Icon } from "./icons.tsx"
import type { MenuItem, MenuPosition } from "./menu.tsx"

export function PopupMenu({
  position,
  items,
  onClose,
  label,
}: {
  position: MenuPosition
  items: MenuItem[]
  onClose: () => void
  label: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [place, setPlace] = useState(position)

  useLayoutEffect(() => {
    // Keep the menu inside the window.
    const box = ref.current?.getBoundingClientRect()
    if (!box) return
    setPlace({
      x: Math.min(position.x, window.innerWidth - box.width - 8),
      y: Math.min(position.y, window.innerHeight - box.height - 8),
    })
    ref.current?.querySelector<HTMLButtonElement>("[role=menuitem]")?.focus()
  }, [position])

  useDismiss(ref, onClose)
  // A modal dialog (the phone's drawer) makes everything outside it inert and sits above it: a menu opened from
  // inside one must live inside it to be seen and clicked.
  const [host] = useState(topModal)

  return createPortal(
    <div
      ref={ref}
      role="menu"
      aria-label={label}
      data-focus-scope="menu"
      style={{ left: place.x, top: place.y }}
      className="fixed z-50 min-w-44 rounded-xl border border-line bg-surface p-1 text-sm text-ink shadow-xl dark:bg-surface-raised"
      onKeyDown={(event) => {
        if (moveFocus(event.key, ref.current)) event.preventDefault()
      }}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className={cx(
            "flex w-full cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-left outline-none hover:bg-hover focus:bg-hover",
            item.danger && "text-red-600 dark:text-red-400",
          )}
          onClick={() => {
            onClose()
            item.onSelect()
          }}
        >
          {item.icon && <Icon name={item.icon} className="size-4 opacity-70" />}
          {item.label}
        </button>
      ))}
    </div>,
    host,
  )
}

/** ↑/↓ move between the items (wrapping), Home/End to either end; true when the key was one of them. */
function moveFocus(key: string, menu: HTMLElement | null): boolean {
  if (!menu || !["ArrowDown", "ArrowUp", "Home", "End"].includes(key)) return false
  const items = [...menu.querySelectorAll<HTMLButtonElement>("[role=menuitem]")]
  const index = items.indexOf(document.activeElement as HTMLButtonElement)
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[key] ?? index
  items[(next + items.length) % items.length]?.focus()
  return true
}

function useDismiss(ref: RefObject<HTMLElement | null>, onClose: () => void) {
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose()
    }
    window.addEventListener("pointerdown", onPointer, true)
    window.addEventListener("keydown", onKey)
    window.addEventListener("resize", onClose)
    window.addEventListener("scroll", onClose, true)
    return () => {
      window.removeEventListener("pointerdown", onPointer, true)
      window.removeEventListener("keydown", onKey)
      window.removeEventListener("resize", onClose)
      window.removeEventListener("scroll", onClose, true)
    }
  }, [ref, onClose])
}

/** The topmost open modal dialog, or the body; engines without :modal get the body. */
function topModal(): Element {
  try {
    return [...document.querySelectorAll("dialog:modal")].at(-1) ?? document.body
  } catch {
    return document.body
  }
}
