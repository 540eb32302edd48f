// Shell state that is not a setting: the phone drawer, the hidden desktop sidebar (mod+B), the dialog the
// keyboard and the palette open, and what the entry column shows (for j/k, r and the palette).
import type { EntryListItem } from "@tidings/shared"
import { create } from "zustand"

export type ShellDialog = "palette" | "shortcuts" | "add-source" | null

export interface TimelineHandle {
  items: EntryListItem[]
  refresh: () => void
}

interface LayoutState {
  drawerOpen: boolean
  sidebarHidden: boolean
  /** Zen mode: only the entry, no sidebar or list. */
  zen: boolean
  dialog: ShellDialog
  timeline: TimelineHandle | null
  /** Bumped by Shift+mod+A; the mark-all-read button opens its confirmation when it changes. */
  markAllReadRequests: number
  setDrawer: (open: boolean) => void
  toggleSidebar: () => void
  toggleZen: () => void
  openDialog: (dialog: ShellDialog) => void
  setTimeline: (timeline: TimelineHandle | null) => void
  requestMarkAllRead: () => void
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  drawerOpen: false,
  sidebarHidden: false,
  zen: false,
  dialog: null,
  timeline: null,
  markAllReadRequests: 0,
  setDrawer: (drawerOpen) => set({ drawerOpen }),
  toggleSidebar: () => set((state) => ({ sidebarHidden: !state.sidebarHidden })),
  toggleZen: () => set((state) => ({ zen: !state.zen })),
  // A dialog replaces the phone drawer rather than stacking over it.
  openDialog: (dialog) => set(dialog ? { dialog, drawerOpen: false } : { dialog }),
  setTimeline: (timeline) => set({ timeline }),
  requestMarkAllRead: () => set((state) => ({ markAllReadRequests: state.markAllReadRequests + 1 })),
}))
