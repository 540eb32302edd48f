import { describe, expect, it } from "vitest"
import { initialPlayerState } from "./player-state.ts"
import { createPlayerStore, PLAYER_STORAGE_KEY } from "./player-store.ts"

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => data.set(key, value),
    data,
  }
}

const track = { src: "http://127.0.0.1/a.wav", entryId: "1", title: "Episode", feedTitle: "Cast" }

describe("player store", () => {
  it("starts hidden and paused with volume 0.8 and rate 1", () => {
    const state = createPlayerStore(memoryStorage()).getState()
    expect(state).toMatchObject({ show: false, status: "paused", volume: 0.8, playbackRate: 1, duration: 0 })
  })

  it("goes loading → playing → paused → playing → paused, and close hides and pauses", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().mount(track)
    expect(store.getState()).toMatchObject({ show: true, status: "loading", src: track.src, currentTime: 0 })
    store.getState().playing(42)
    expect(store.getState()).toMatchObject({ status: "playing", duration: 42 })
    store.getState().toggle()
    expect(store.getState().status).toBe("paused")
    store.getState().toggle()
    expect(store.getState().status).toBe("playing")
    store.getState().pause()
    expect(store.getState().status).toBe("paused")
    store.getState().close()
    expect(store.getState()).toMatchObject({ show: false, status: "paused" })
  })

  it("stores an infinite duration (a stream) as 0", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().mount(track)
    store.getState().playing(Number.POSITIVE_INFINITY)
    expect(store.getState().duration).toBe(0)
  })

  it("clamps seeks and skips to [0, duration]", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().mount(track)
    store.getState().playing(100)
    store.getState().seek(40)
    store.getState().skip(-15)
    expect(store.getState().currentTime).toBe(25)
    store.getState().skip(-30)
    expect(store.getState().currentTime).toBe(0)
    store.getState().seek(90)
    store.getState().skip(30)
    expect(store.getState().currentTime).toBe(100)
  })

  it("persists the position and resets a saved playing status to paused at start", () => {
    const storage = memoryStorage()
    const first = createPlayerStore(storage)
    first.getState().mount(track)
    first.getState().playing(60)
    first.getState().saveTime(12.5)
    first.getState().setRate(1.5)
    expect(JSON.parse(storage.data.get(PLAYER_STORAGE_KEY) ?? "{}").status).toBe("playing")
    const second = createPlayerStore(storage).getState()
    expect(second).toMatchObject({ status: "paused", currentTime: 12.5, playbackRate: 1.5, src: track.src, show: true })
  })

  it("keeps the saved position when the same track is mounted again, and starts a new one at 0", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().mount(track)
    store.getState().playing(60)
    store.getState().saveTime(30)
    store.getState().mount(track)
    expect(store.getState().currentTime).toBe(30)
    store.getState().mount({ ...track, src: "http://127.0.0.1/b.wav", entryId: "2" })
    expect(store.getState().currentTime).toBe(0)
  })

  it("ignores unreadable or ill-typed saved state", () => {
    expect(createPlayerStore(memoryStorage({ [PLAYER_STORAGE_KEY]: "{not json" })).getState().volume).toBe(0.8)
    const odd = memoryStorage({ [PLAYER_STORAGE_KEY]: JSON.stringify({ volume: "loud", src: 5, currentTime: 7 }) })
    expect(createPlayerStore(odd).getState()).toMatchObject({ volume: 0.8, src: null, currentTime: 7 })
  })

  it("pauses for a video with sound and resumes after it, but only if it was playing", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().mount(track)
    store.getState().playing(60)
    store.getState().videoStarted()
    expect(store.getState()).toMatchObject({ status: "paused", interruptedByVideo: true })
    store.getState().videoStopped()
    expect(store.getState()).toMatchObject({ status: "playing", interruptedByVideo: false })
    store.getState().pause()
    store.getState().videoStarted()
    store.getState().videoStopped()
    expect(store.getState().status).toBe("paused")
  })

  it("clamps the volume to [0, 1]", () => {
    const store = createPlayerStore(memoryStorage())
    store.getState().setVolume(3)
    expect(store.getState().volume).toBe(1)
    store.getState().setVolume(-1)
    expect(store.getState()).toMatchObject({ volume: 0, isMute: true })
    expect(initialPlayerState.volume).toBe(0.8)
  })
})
