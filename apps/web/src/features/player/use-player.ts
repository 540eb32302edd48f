// React access to the one audio player store.
import { useStore } from "zustand"
import { type PlayerStore, playerStore } from "./player-store.ts"

export function usePlayer<T>(select: (state: PlayerStore) => T): T {
  return useStore(playerStore, select)
}
