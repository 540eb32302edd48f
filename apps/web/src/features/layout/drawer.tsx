// The phone's subscription drawer: a modal <dialog> sliding from the left, closed by the backdrop, Escape,
// a swipe to the left or picking a feed (any navigation).
import { type ReactNode, useEffect, useRef } from "react"
import { useLocation } from "react-router"

const SWIPE_CLOSE_PX = 60

export function Drawer({
  open,
  onClose,
  label,
  children,
}: {
  open: boolean
  onClose: () => void
  label: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const { pathname } = useLocation()
  const startX = useRef<number | null>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new path.
  useEffect(() => onClose(), [pathname])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; Escape closes natively (onCancel).
    <dialog
      ref={ref}
      aria-label={label}
      data-testid="drawer"
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      onTouchStart={(event) => {
        startX.current = event.touches[0]?.clientX ?? null
      }}
      onTouchEnd={(event) => {
        const endX = event.changedTouches[0]?.clientX
        if (startX.current !== null && endX !== undefined && startX.current - endX >= SWIPE_CLOSE_PX) onClose()
        startX.current = null
      }}
      className="m-0 h-dvh max-h-dvh w-[min(20rem,85vw)] max-w-none border-r border-line bg-canvas p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      {open && children}
    </dialog>
  )
}
