// Shell state that is not a setting: the phone drawer, the hidden desktop sidebar (mod+B), the open dialogs the
// keyboard and the palette drive.
import { create } from "zustand"

export type ShellDialog = "palette" | "shortcuts" | "add-source" | null

interface LayoutState {
  drawerOpen: boolean
  sidebarHidden: boolean
  dialog: ShellDialog
  setDrawer: (open: boolean) => void
  toggleSidebar: () => void
  openDialog: (dialog: ShellDialog) => void
}

export const useLayoutStore = create<LayoutState>()((set) => ({
  drawerOpen: false,
  sidebarHidden: false,
  dialog: null,
  setDrawer: (drawerOpen) => set({ drawerOpen }),
  toggleSidebar: () => set((state) => ({ sidebarHidden: !state.sidebarHidden })),
  openDialog: (dialog) => set({ dialog }),
}))
