// Shell state that is not a setting: the phone drawer, the desktop sidebar (mod+B), the dialog the
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
  /** The user's last word on the desktop sidebar; null: the layout decides (features/layout/column-plan.ts). */
  sidebar: boolean | null
  /** Whether the desktop sidebar shows now, as the reader drew it: what mod+B turns over. */
  sidebarShown: boolean
  /** Whether the AI panel is drawn as a column (set by its host, loaded after the first screen): the reader makes
   * room for it. */
  aiColumn: boolean
  /** Zen mode: only the entry, no sidebar or list. */
  zen: boolean
  dialog: ShellDialog
  timeline: TimelineHandle | null
  /** Bumped by Shift+mod+A; the mark-all-read button opens its confirmation when it changes. */
  markAllReadRequests: number
  setDrawer: (open: boolean) => void
  toggleSidebar: () => void
  setSidebarShown: (shown: boolean) => void
  setAiColumn: (shown: boolean) => void
  toggleZen: () => void
  openDialog: (dialog: ShellDialog) => void
  setTimeline: (timeline: TimelineHandle | null) => void
  requestMarkAllRead: () => void
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  drawerOpen: false,
  sidebar: null,
  sidebarShown: true,
  aiColumn: false,
  zen: false,
  dialog: null,
  timeline: null,
  markAllReadRequests: 0,
  setDrawer: (drawerOpen) => set({ drawerOpen }),
  toggleSidebar: () => set((state) => ({ sidebar: !state.sidebarShown })),
  setSidebarShown: (sidebarShown) => set({ sidebarShown }),
  setAiColumn: (aiColumn) => set({ aiColumn }),
  toggleZen: () => set((state) => ({ zen: !state.zen })),
  // A dialog replaces the phone drawer rather than stacking over it.
  openDialog: (dialog) => set(dialog ? { dialog, drawerOpen: false } : { dialog }),
  setTimeline: (timeline) => set({ timeline }),
  requestMarkAllRead: () => set((state) => ({ markAllReadRequests: state.markAllReadRequests + 1 })),
}))
