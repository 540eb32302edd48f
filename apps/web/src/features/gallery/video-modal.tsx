// The video player modal: ←/→ seek 5 s (never past either end), Space toggles, Esc closes. While this video plays
// with sound the audio player pauses, and it resumes once the video stops (spec client §4, §9).
import { useCallback, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { clampSeek } from "../../lib/media-time.ts"
import { playerStore } from "../player/player-store.ts"
import type { EntryVideo } from "../views/entry-media.ts"
import { MediaIcon } from "../views/media-icons.tsx"

export const VIDEO_SEEK_SECONDS = 5

export interface VideoModalProps {
  title: string
  video: EntryVideo
  onClose: () => void
}

function audible(element: HTMLVideoElement): boolean {
  return !element.paused && !element.muted && element.volume > 0
}

export default function VideoModal({ title, video, onClose }: VideoModalProps) {
  const { t } = useTranslation("views")
  const dialogRef = useRef<HTMLDialogElement>(null)
  const videoRef = useRef<HTMLVideoElement>(null)

  const syncAudio = useCallback(() => {
    const element = videoRef.current
    if (!element) return
    if (audible(element)) playerStore.getState().videoStarted()
    else playerStore.getState().videoStopped()
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    const element = videoRef.current
    element?.focus()
    // Started here rather than with the autoplay attribute: Chromium can begin an autoplay before the element is
    // in the document and then fires no play event, so the audio player would never hear of it.
    element?.play().then(syncAudio, syncAudio)
    // Closing while the video plays must give the audio back.
    return () => playerStore.getState().videoStopped()
  }, [syncAudio])

  const onKeyDown = (event: React.KeyboardEvent) => {
    const element = videoRef.current
    if (!element) return
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -VIDEO_SEEK_SECONDS : VIDEO_SEEK_SECONDS
      element.currentTime = clampSeek(element.currentTime + step, element.duration)
    } else if (event.key === " ") {
      if (element.paused) void element.play().catch(() => undefined)
      else element.pause()
    } else return
    event.preventDefault()
    event.stopPropagation()
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively; the keys are in onKeyDown.
    <dialog
      ref={dialogRef}
      data-testid="video-modal"
      data-focus-scope="video-player"
      aria-label={t("video.player", { title })}
      // Capture phase: the focused element's native controls would otherwise act on the same key a second time.
      onKeyDownCapture={onKeyDown}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
      className="m-auto w-[min(64rem,calc(100vw-1rem))] max-w-none overflow-hidden rounded-2xl bg-black p-0 text-white backdrop:bg-black/70"
    >
      <header className="flex h-11 items-center gap-3 px-4 text-sm">
        <span className="min-w-0 flex-1 truncate font-medium">{title}</span>
        <button
          type="button"
          data-testid="video-close"
          aria-label={t("gallery.close")}
          title={t("gallery.close")}
          onClick={onClose}
          className="flex size-8 items-center justify-center rounded-full hover:bg-white/15"
        >
          <MediaIcon name="close" className="size-4" />
        </button>
      </header>
      {/* biome-ignore lint/a11y/useMediaCaption: feed videos come without caption tracks. */}
      <video
        ref={videoRef}
        data-testid="video-element"
        src={video.url}
        poster={video.poster ?? undefined}
        controls
        playsInline
        tabIndex={0}
        onPlay={syncAudio}
        onPause={syncAudio}
        onEnded={syncAudio}
        onVolumeChange={syncAudio}
        className="block max-h-[80dvh] w-full bg-black outline-none"
      />
    </dialog>
  )
}
