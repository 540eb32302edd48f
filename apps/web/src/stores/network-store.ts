// Connectivity (spec client "Connectivity"): offline when a request gets no answer while the browser says it is
// online; online again on any answer or the browser's online event.
import { create } from "zustand"

interface NetworkState {
  online: boolean
  setOnline: (online: boolean) => void
}

export const useNetworkStore = create<NetworkState>()((set) => ({
  online: true,
  setOnline: (online) => set((state) => (state.online === online ? state : { online })),
}))
