// Which media overlay is open (the picture gallery or the video player). Bundled and tiny; the overlays themselves
// load on demand the first time one opens.
import type { EntryListItem } from "@tidings/shared"
import { create } from "zustand"
import { sourceTitle } from "../../lib/source-title.ts"
import type { EntryPicture, EntryVideo } from "./entry-media.ts"

export type MediaOverlay =
  | { kind: "gallery"; entryId: string; title: string; pictures: EntryPicture[]; index: number }
  | { kind: "video"; entryId: string; title: string; video: EntryVideo }

interface OverlayState {
  overlay: MediaOverlay | null
  open: (overlay: MediaOverlay) => void
  close: () => void
}

export const useMediaOverlay = create<OverlayState>()((set) => ({
  overlay: null,
  open: (overlay) => set({ overlay }),
  close: () => set({ overlay: null }),
}))

/** The title a media item goes by: its own, else its feed's. */
export function mediaTitle(item: EntryListItem): string {
  return item.entries.title?.trim() || sourceTitle(item.feeds)
}
