// The audio player store: the transitions of player-state.ts, persisted in local storage so the position and
// settings survive a reload (spec client §3 "Player state (persisted locally)").
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { createStore, type StoreApi } from "zustand/vanilla"
import type { PlayerState, PlayerTrack } from "./player-state.ts"
import * as machine from "./player-state.ts"

export const PLAYER_STORAGE_KEY = `${LOCAL_KEY_PREFIX}player`

export interface PlayerActions {
  mount: (track: PlayerTrack) => void
  playing: (duration: number) => void
  pause: () => void
  toggle: () => void
  close: () => void
  seek: (seconds: number) => void
  skip: (seconds: number) => void
  setRate: (rate: number) => void
  setVolume: (volume: number) => void
  toggleMute: () => void
  /** The element's position, saved every second while playing. */
  saveTime: (seconds: number) => void
  setDuration: (seconds: number) => void
  videoStarted: () => void
  videoStopped: () => void
}

export type PlayerStore = PlayerState & PlayerActions

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">

function readSaved(storage: KeyValueStorage | null): Partial<PlayerState> | null {
  try {
    const text = storage?.getItem(PLAYER_STORAGE_KEY)
    return text ? (JSON.parse(text) as Partial<PlayerState>) : null
  } catch {
    return null
  }
}

function stateOf(store: PlayerStore): PlayerState {
  const out = {} as Record<string, unknown>
  for (const key of Object.keys(machine.initialPlayerState)) out[key] = store[key as keyof PlayerState]
  return out as unknown as PlayerState
}

export function createPlayerStore(storage: KeyValueStorage | null): StoreApi<PlayerStore> {
  const store = createStore<PlayerStore>()((set, get) => {
    const apply = (next: (state: PlayerState) => PlayerState) => set(next(stateOf(get())))
    return {
      ...machine.rehydrate(readSaved(storage)),
      mount: (track) => apply((s) => machine.mount(s, track)),
      playing: (duration) => apply((s) => machine.playing(s, duration)),
      pause: () => apply(machine.pause),
      toggle: () => apply(machine.toggle),
      close: () => apply(machine.close),
      seek: (seconds) => apply((s) => machine.seek(s, seconds)),
      skip: (seconds) => apply((s) => machine.skip(s, seconds)),
      setRate: (rate) => apply((s) => machine.setRate(s, rate)),
      setVolume: (volume) => apply((s) => machine.setVolume(s, volume)),
      toggleMute: () => set((s) => ({ isMute: !s.isMute })),
      saveTime: (seconds) => set({ currentTime: Math.max(0, seconds) }),
      setDuration: (seconds) => set({ duration: Number.isFinite(seconds) && seconds > 0 ? seconds : 0 }),
      videoStarted: () => apply(machine.videoStarted),
      videoStopped: () => apply(machine.videoStopped),
    }
  })
  store.subscribe((state) => {
    try {
      storage?.setItem(PLAYER_STORAGE_KEY, JSON.stringify(stateOf(state)))
    } catch {
      // A full or blocked storage only costs the saved position.
    }
  })
  return store
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage
  } catch {
    return null
  }
}

export const playerStore = createPlayerStore(browserStorage())
