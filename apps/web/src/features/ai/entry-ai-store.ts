// What the reader asked of one entry with the toolbar: show or hide its summary, translate it or show the original.
// Each choice overrides the automatic one (the settings) for that entry until the page is reloaded.
import { create } from "zustand"

interface EntryAiState {
  summary: Record<string, boolean>
  translation: Record<string, boolean>
  setSummary: (entryId: string, shown: boolean) => void
  setTranslation: (entryId: string, on: boolean) => void
}

export const useEntryAiStore = create<EntryAiState>()((set) => ({
  summary: {},
  translation: {},
  setSummary: (entryId, shown) => set((state) => ({ summary: { ...state.summary, [entryId]: shown } })),
  setTranslation: (entryId, on) => set((state) => ({ translation: { ...state.translation, [entryId]: on } })),
}))
