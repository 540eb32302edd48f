// A small popup menu, opened at a point (a right click) or under a button. Closes on Escape, outside clicks,
// scrolling and after a choice. It is its own focus area ("menu"): the timeline's keys do not reach through it.
// The menu's code (popup-menu.tsx) loads when a menu first opens.
import { type ComponentProps, lazy, Suspense, useCallback, useMemo, useState } from "react"
import type { IconName } from "./icons.tsx"

export interface MenuItem {
  label: string
  icon?: IconName
  danger?: boolean
  onSelect: () => void
}

export interface MenuPosition {
  x: number
  y: number
}

const LazyPopupMenu = lazy(() => import("./popup-menu.tsx").then((module) => ({ default: module.PopupMenu })))

export function PopupMenu(props: ComponentProps<typeof LazyPopupMenu>) {
  return (
    <Suspense fallback={null}>
      <LazyPopupMenu {...props} />
    </Suspense>
  )
}

/** Menu state for one trigger: open at the pointer (context menu) or under the element (button). */
export function useMenu() {
  const [position, setPosition] = useState<MenuPosition | null>(null)
  const close = useCallback(() => setPosition(null), [])
  return useMemo(
    () => ({
      position,
      close,
      openAt: (x: number, y: number) => setPosition({ x, y }),
      openBelow: (element: HTMLElement) => {
        const box = element.getBoundingClientRect()
        setPosition({ x: box.left, y: box.bottom + 4 })
      },
    }),
    [position, close],
  )
}
