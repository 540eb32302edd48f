// The lightbox across an entry's pictures: ←/→ and swipes move, Esc closes (native <dialog>), a click or the zoom
// button zooms to 2× at the point clicked, and dragging pans the zoomed picture.
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import type { EntryPicture } from "../views/entry-media.ts"
import { MediaIcon } from "../views/media-icons.tsx"
import { nextIndex, SWIPE_MIN_PX, swipeDirection, ZOOM_SCALE } from "./gallery-math.ts"

export interface GalleryProps {
  title: string
  pictures: EntryPicture[]
  index: number
  onClose: () => void
}

export default function Gallery({ title, pictures, index: startIndex, onClose }: GalleryProps) {
  const { t } = useTranslation("views")
  const ref = useRef<HTMLDialogElement>(null)
  const [index, setIndex] = useState(startIndex)
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null)
  const pointer = useRef<{ x: number; y: number; moved: boolean } | null>(null)
  const picture = pictures[index]
  const count = pictures.length

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  const go = (step: number) => {
    setZoom(null)
    setIndex((current) => nextIndex(current, step, count))
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1)
    else if (event.key === "ArrowLeft") go(-1)
    else return
    event.preventDefault()
  }

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const start = pointer.current
    pointer.current = null
    if (!start) return
    const direction = zoom ? 0 : swipeDirection(event.clientX - start.x, event.clientY - start.y)
    if (direction !== 0) {
      go(direction)
      return
    }
    if (Math.abs(event.clientX - start.x) >= SWIPE_MIN_PX) return
    const box = event.currentTarget.getBoundingClientRect()
    setZoom(
      zoom
        ? null
        : { x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 },
    )
  }

  return (
    <dialog
      ref={ref}
      data-testid="gallery"
      data-index={index}
      aria-label={t("gallery.label", { title })}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-neutral-950 p-0 text-white backdrop:bg-black/60"
    >
      <div className="flex h-full flex-col">
        <header className="flex h-12 shrink-0 items-center gap-3 px-4 text-sm">
          <span className="min-w-0 flex-1 truncate font-medium">{title}</span>
          <span data-testid="gallery-position" className="tabular-nums text-white/80">
            {t("gallery.position", { current: index + 1, total: count })}
          </span>
          <GalleryButton
            label={zoom ? t("gallery.zoom_out") : t("gallery.zoom_in")}
            icon={zoom ? "zoomOut" : "zoomIn"}
            onClick={() => setZoom(zoom ? null : { x: 50, y: 50 })}
            testId="gallery-zoom"
          />
          <GalleryButton label={t("gallery.close")} icon="close" onClick={onClose} testId="gallery-close" />
        </header>
        <div className="relative flex min-h-0 flex-1 items-center justify-center">
          {count > 1 && (
            <GalleryButton
              label={t("gallery.previous")}
              icon="left"
              onClick={() => go(-1)}
              className="absolute left-3 z-10"
              testId="gallery-previous"
            />
          )}
          <div
            className="flex size-full touch-none items-center justify-center overflow-hidden select-none"
            onPointerDown={(event) => {
              pointer.current = { x: event.clientX, y: event.clientY, moved: false }
            }}
            onPointerUp={onPointerUp}
            onPointerMove={(event) => {
              if (!zoom || !pointer.current || event.buttons === 0) return
              const box = event.currentTarget.getBoundingClientRect()
              setZoom({
                x: Math.min(100, Math.max(0, zoom.x - (event.movementX / box.width) * 100)),
                y: Math.min(100, Math.max(0, zoom.y - (event.movementY / box.height) * 100)),
              })
            }}
          >
            {picture && (
              <img
                key={picture.url}
                src={picture.url}
                alt={t("gallery.picture_alt", { title, current: index + 1, total: count })}
                data-testid="gallery-image"
                data-zoomed={zoom ? "true" : "false"}
                draggable={false}
                className="max-h-full max-w-full object-contain transition-transform duration-150"
                style={{
                  transform: zoom ? `scale(${ZOOM_SCALE})` : undefined,
                  transformOrigin: zoom ? `${zoom.x}% ${zoom.y}%` : undefined,
                  cursor: zoom ? "zoom-out" : "zoom-in",
                }}
              />
            )}
          </div>
          {count > 1 && (
            <GalleryButton
              label={t("gallery.next")}
              icon="right"
              onClick={() => go(1)}
              className="absolute right-3 z-10"
              testId="gallery-next"
            />
          )}
        </div>
      </div>
    </dialog>
  )
}

function GalleryButton(props: {
  label: string
  icon: "left" | "right" | "close" | "zoomIn" | "zoomOut"
  onClick: () => void
  className?: string
  testId: string
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      data-testid={props.testId}
      onClick={props.onClick}
      className={`flex size-10 items-center justify-center rounded-full bg-black/55 ring-1 ring-white/20 hover:bg-black/75 ${props.className ?? ""}`}
    >
      <MediaIcon name={props.icon} className="size-5" />
    </button>
  )
}
