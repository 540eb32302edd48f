// Which category folders are open in the sidebar (renaming a folder keeps its state, spec §4), and the feeds
// multi-selected there, kept here so the selection survives the sidebar moving into the phone drawer and back.
import { create } from "zustand"
import { emptySelection, type Selection } from "../lib/selection.ts"

export const folderKey = (view: number, category: string) => `${view}:${category}`

interface SidebarState {
  /** Folders are closed unless listed here. */
  openFolders: Record<string, true>
  toggle: (view: number, category: string) => void
  isOpen: (view: number, category: string) => boolean
  setOpen: (view: number, category: string, open: boolean) => void
  /** Carries the open or closed state of `from` over to `to` (a renamed folder). */
  rename: (view: number, from: string, to: string) => void
  selection: Selection
  setSelection: (selection: Selection) => void
}

function withFolder(openFolders: Record<string, true>, key: string, open: boolean): Record<string, true> {
  const { [key]: _was, ...rest } = openFolders
  return open ? { ...rest, [key]: true } : rest
}

export const useSidebarStore = create<SidebarState>()((set, get) => ({
  openFolders: {},
  selection: emptySelection,
  setSelection: (selection) => set({ selection }),
  toggle: (view, category) =>
    set((state) => {
      const key = folderKey(view, category)
      return { openFolders: withFolder(state.openFolders, key, !state.openFolders[key]) }
    }),
  isOpen: (view, category) => Boolean(get().openFolders[folderKey(view, category)]),
  setOpen: (view, category, open) =>
    set((state) => ({ openFolders: withFolder(state.openFolders, folderKey(view, category), open) })),
  rename: (view, from, to) =>
    set((state) => {
      const wasOpen = Boolean(state.openFolders[folderKey(view, from)])
      const rest = withFolder(state.openFolders, folderKey(view, from), false)
      // Renamed onto a folder that is already open (a merge), that one stays open.
      return { openFolders: withFolder(rest, folderKey(view, to), wasOpen || Boolean(rest[folderKey(view, to)])) }
    }),
}))
