// Which category folders are open in the sidebar. Renaming a folder keeps its state (spec §4).
import { create } from "zustand"

export const folderKey = (view: number, category: string) => `${view}:${category}`

interface SidebarState {
  /** Folders are closed unless listed here. */
  openFolders: Record<string, true>
  toggle: (view: number, category: string) => void
  rename: (view: number, from: string, to: string) => void
}

export const useSidebarStore = create<SidebarState>()((set) => ({
  openFolders: {},
  toggle: (view, category) =>
    set((state) => {
      const key = folderKey(view, category)
      const { [key]: wasOpen, ...rest } = state.openFolders
      return { openFolders: wasOpen ? rest : { ...rest, [key]: true } }
    }),
  rename: (view, from, to) =>
    set((state) => {
      const { [folderKey(view, from)]: wasOpen, ...rest } = state.openFolders
      return { openFolders: wasOpen ? { ...rest, [folderKey(view, to)]: true } : rest }
    }),
}))
