// Drives the <audio> element from the player store: play/pause follow the status, seeks follow seekNonce, the
// position is saved every second while playing, and the Media Session API gets metadata and hardware-key handlers.
import { type RefObject, useEffect } from "react"
import { SAVE_INTERVAL_MS, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from "./player-state.ts"
import { playerStore } from "./player-store.ts"
import { usePlayer } from "./use-player.ts"

function startPlayback(audio: HTMLAudioElement) {
  audio.play().then(
    () => {
      const state = playerStore.getState()
      if (state.status === "loading") state.playing(audio.duration)
    },
    // Refused (autoplay policy) or unplayable: paused, so the user can press play.
    () => playerStore.getState().pause(),
  )
}

export function useAudioEngine(ref: RefObject<HTMLAudioElement | null>) {
  const src = usePlayer((s) => s.src)
  const status = usePlayer((s) => s.status)
  const seekNonce = usePlayer((s) => s.seekNonce)
  const volume = usePlayer((s) => s.volume)
  const isMute = usePlayer((s) => s.isMute)
  const rate = usePlayer((s) => s.playbackRate)

  useEffect(() => {
    const audio = ref.current
    // A new src while loading must start again, so src is read here, not only listed.
    if (!audio || !src) return
    if (status === "paused") audio.pause()
    else if (audio.paused) startPlayback(audio)
  }, [ref, status, src])

  useEffect(() => {
    const audio = ref.current
    if (audio && seekNonce > 0) audio.currentTime = playerStore.getState().currentTime
  }, [ref, seekNonce])

  useEffect(() => {
    const audio = ref.current
    if (!audio) return
    audio.volume = volume
    audio.muted = isMute
    audio.playbackRate = rate
  }, [ref, volume, isMute, rate])

  // Pausing stops the timer: only a playing track has a position worth saving each second.
  useEffect(() => {
    if (status !== "playing") return
    const timer = setInterval(() => {
      const audio = ref.current
      if (audio) playerStore.getState().saveTime(audio.currentTime)
    }, SAVE_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [ref, status])

  useMediaSession(ref)
}

function useMediaSession(ref: RefObject<HTMLAudioElement | null>) {
  const title = usePlayer((s) => s.title)
  const feedTitle = usePlayer((s) => s.feedTitle)
  const image = usePlayer((s) => s.image)
  const status = usePlayer((s) => s.status)

  useEffect(() => {
    if (!("mediaSession" in navigator)) return
    const session = navigator.mediaSession
    session.metadata = new MediaMetadata({ title, artist: feedTitle, artwork: image ? [{ src: image }] : [] })
    const store = () => playerStore.getState()
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => store().status === "paused" && store().toggle()],
      ["pause", () => store().pause()],
      ["stop", () => store().close()],
      ["seekbackward", (details) => store().skip(-(details.seekOffset ?? SKIP_BACK_SECONDS))],
      ["seekforward", (details) => store().skip(details.seekOffset ?? SKIP_FORWARD_SECONDS)],
      ["seekto", (details) => details.seekTime !== undefined && store().seek(details.seekTime)],
    ]
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler)
      } catch {
        // The browser does not support this action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null)
        } catch {
          // As above.
        }
      }
    }
  }, [title, feedTitle, image])

  useEffect(() => {
    if ("mediaSession" in navigator) navigator.mediaSession.playbackState = status === "paused" ? "paused" : "playing"
    const audio = ref.current
    if (!audio || !("mediaSession" in navigator) || !(audio.duration > 0) || !Number.isFinite(audio.duration)) return
    try {
      navigator.mediaSession.setPositionState({
        duration: audio.duration,
        playbackRate: audio.playbackRate,
        position: Math.min(audio.currentTime, audio.duration),
      })
    } catch {
      // An inconsistent state (e.g. during a load) is skipped; the next change sets it.
    }
  }, [ref, status])
}
