// The audio player's state machine (spec client §3 "Player state", §4 "Audio player", §9 "Player"). Pure
// transitions, so the rules are tested without an <audio> element; the store applies them and persists the result.
import { clampSeek } from "../../lib/media-time.ts"

export type PlayerStatus = "loading" | "playing" | "paused"

export interface PlayerTrack {
  src: string
  entryId: string
  title: string
  feedTitle: string
  image?: string | null
  listId?: string | null
}

export interface PlayerState {
  show: boolean
  volume: number
  duration: number
  playbackRate: number
  status: PlayerStatus
  src: string | null
  currentTime: number
  isMute: boolean
  listId: string | null
  entryId: string | null
  title: string
  feedTitle: string
  image: string | null
  /** A video with sound paused the player; it resumes when that video stops (spec §4). */
  interruptedByVideo: boolean
  /** Bumped by each seek, so the element moves to currentTime only then (not on the 1 s saves). */
  seekNonce: number
}

export const DEFAULT_VOLUME = 0.8
export const DEFAULT_PLAYBACK_RATE = 1
export const SAVE_INTERVAL_MS = 1000
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const
export const SKIP_BACK_SECONDS = 15
export const SKIP_FORWARD_SECONDS = 30

export const initialPlayerState: PlayerState = {
  show: false,
  volume: DEFAULT_VOLUME,
  duration: 0,
  playbackRate: DEFAULT_PLAYBACK_RATE,
  status: "paused",
  src: null,
  currentTime: 0,
  isMute: false,
  listId: null,
  entryId: null,
  title: "",
  feedTitle: "",
  image: null,
  interruptedByVideo: false,
  seekNonce: 0,
}

/** Mount: show the player and load the track; the same track keeps its saved position. */
export function mount(state: PlayerState, track: PlayerTrack): PlayerState {
  const same = state.src === track.src
  return {
    ...state,
    show: true,
    status: "loading",
    src: track.src,
    entryId: track.entryId,
    title: track.title,
    feedTitle: track.feedTitle,
    image: track.image ?? null,
    listId: track.listId ?? null,
    currentTime: same ? state.currentTime : 0,
    duration: same ? state.duration : 0,
    interruptedByVideo: false,
  }
}

/** play() succeeded; an infinite duration (a live stream) is stored as 0. */
export function playing(state: PlayerState, duration: number): PlayerState {
  return { ...state, status: "playing", duration: Number.isFinite(duration) && duration > 0 ? duration : 0 }
}

export function pause(state: PlayerState): PlayerState {
  return { ...state, status: "paused" }
}

/** playing → paused; paused → playing (resume); a toggle while loading stops the load from starting playback. */
export function toggle(state: PlayerState): PlayerState {
  if (!state.src) return state
  return { ...state, status: state.status === "paused" ? "playing" : "paused", interruptedByVideo: false }
}

export function close(state: PlayerState): PlayerState {
  return { ...state, show: false, status: "paused", interruptedByVideo: false }
}

export function seek(state: PlayerState, target: number): PlayerState {
  return { ...state, currentTime: clampSeek(target, state.duration), seekNonce: state.seekNonce + 1 }
}

export function skip(state: PlayerState, seconds: number): PlayerState {
  return seek(state, state.currentTime + seconds)
}

export function setRate(state: PlayerState, rate: number): PlayerState {
  return { ...state, playbackRate: rate > 0 && Number.isFinite(rate) ? rate : DEFAULT_PLAYBACK_RATE }
}

export function setVolume(state: PlayerState, volume: number): PlayerState {
  const clamped = Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : DEFAULT_VOLUME
  return { ...state, volume: clamped, isMute: clamped === 0 ? true : state.isMute && volume === state.volume }
}

/** A video with sound started: pause a playing player and remember to resume it. */
export function videoStarted(state: PlayerState): PlayerState {
  if (state.status !== "playing") return state
  return { ...state, status: "paused", interruptedByVideo: true }
}

export function videoStopped(state: PlayerState): PlayerState {
  if (!state.interruptedByVideo) return state
  return { ...state, status: state.show ? "playing" : "paused", interruptedByVideo: false }
}

/** At app start a persisted playing (or loading) status becomes paused: nothing plays without the user. */
export function rehydrate(saved: Partial<PlayerState> | null): PlayerState {
  if (!saved || typeof saved !== "object") return initialPlayerState
  const merged = { ...initialPlayerState, ...pickKnown(saved) }
  return { ...merged, status: "paused", interruptedByVideo: false }
}

function pickKnown(saved: Partial<PlayerState>): Partial<PlayerState> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(initialPlayerState) as (keyof PlayerState)[]) {
    const value = saved[key]
    if (value !== undefined && typeof value === typeof initialPlayerState[key]) out[key] = value
    else if (value !== undefined && initialPlayerState[key] === null && typeof value === "string") out[key] = value
  }
  return out as Partial<PlayerState>
}
