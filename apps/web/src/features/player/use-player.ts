// React access to the one audio player store.
import { useStore } from "zustand"
import { type PlayerStore, playerStore } from "./player-store.ts"

export function usePlayer<T>(select: (state: PlayerStore) => T): T {
  return useStore(playerStore, select)
}

/** Room a list leaves at its end so its last rows can scroll out from under the floating player. */
export const PLAYER_INSET_PX = 168

export function usePlayerInset(): number {
  return useStore(playerStore, (state) => (state.show ? PLAYER_INSET_PX : 0))
}
