// Mounts the overlays on demand: the gallery, the video player and the floating audio player are separate chunks
// that load the first time they are needed, and the audio player stays mounted while the user reads on.
import { lazy, Suspense } from "react"
import { withStrings } from "../../i18n/with-strings.ts"
import { usePlayer } from "../player/use-player.ts"
import { useMediaOverlay } from "../views/gallery-store.ts"

const Gallery = lazy(withStrings(["views"], () => import("./gallery.tsx")))
const VideoModal = lazy(withStrings(["views"], () => import("./video-modal.tsx")))
const AudioPlayer = lazy(withStrings(["views"], () => import("../player/audio-player.tsx")))

export function MediaHost() {
  const overlay = useMediaOverlay((state) => state.overlay)
  const close = useMediaOverlay((state) => state.close)
  const showPlayer = usePlayer((state) => state.show)
  return (
    <>
      {/* One boundary each: a loading overlay must never unmount the playing audio player. */}
      <Suspense fallback={null}>
        {overlay?.kind === "gallery" && (
          <Gallery
            key={`${overlay.entryId}-${overlay.index}`}
            title={overlay.title}
            pictures={overlay.pictures}
            index={overlay.index}
            onClose={close}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {overlay?.kind === "video" && (
          <VideoModal key={overlay.entryId} title={overlay.title} video={overlay.video} onClose={close} />
        )}
      </Suspense>
      <Suspense fallback={null}>{showPlayer && <AudioPlayer />}</Suspense>
    </>
  )
}
