// Whether the timeline is AI-sorted: the user's toggle (this session), effective only while they have a sorting
// prompt and a model answers them, and only for lists the server can sort (not starred items or inboxes).
import { create } from "zustand"
import type { EntryFilter } from "../../queries/entry-filter.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiConfig } from "./ai-queries.ts"

interface AiSortState {
  on: boolean
  setOn: (on: boolean) => void
  /** The timeline summary dialog; kept here so a layout change (phone ↔ desktop) does not close it. */
  summaryOpen: boolean
  setSummaryOpen: (open: boolean) => void
}

export const useAiSortStore = create<AiSortState>((set) => ({
  on: false,
  setOn: (on) => set({ on }),
  summaryOpen: false,
  setSummaryOpen: (summaryOpen) => set({ summaryOpen }),
}))

export function useHasSortPrompt(): boolean {
  return useSettingsStore((state) => (state.ai.timelineSortPrompt ?? "").trim() !== "")
}

export function canAiSort(filter: EntryFilter | null): filter is EntryFilter {
  return !!filter && !filter.isCollection && !filter.inboxId
}

/** The filter the list asks for: AI-sorted (unread only, by score) when the toggle is on and sorting possible. */
export function useAiSortedFilter(filter: EntryFilter | null): EntryFilter | null {
  const on = useAiSortStore((state) => state.on)
  const hasPrompt = useHasSortPrompt()
  const config = useAiConfig(on && hasPrompt)
  if (!on || !hasPrompt || !config.data?.available || !canAiSort(filter)) return filter
  return { ...filter, aiSort: true, read: false }
}
