// Opens the gallery or the video player for an entry and marks it read, as opening it in the detail pane would.
import type { EntryListItem } from "@tidings/shared"
import { useCallback } from "react"
import { useSetEntryRead } from "../../queries/reads.ts"
import { entryPictures, entryVideo } from "./entry-media.ts"
import { mediaTitle, useMediaOverlay } from "./gallery-store.ts"

export function useOpenMedia() {
  const open = useMediaOverlay((state) => state.open)
  // mutate is stable, the mutation object is not: depending on it would give every card new props on each change.
  const { mutate: setRead } = useSetEntryRead()
  const markRead = useCallback(
    (item: EntryListItem) => {
      if (!item.read) setRead({ id: item.entries.id, read: true })
    },
    [setRead],
  )
  const openGallery = useCallback(
    (item: EntryListItem, index = 0) => {
      const pictures = entryPictures(item.entries)
      if (pictures.length === 0) return
      open({ kind: "gallery", entryId: item.entries.id, title: mediaTitle(item), pictures, index })
      markRead(item)
    },
    [open, markRead],
  )
  const openVideo = useCallback(
    (item: EntryListItem) => {
      const video = entryVideo(item.entries)
      if (!video) return
      open({ kind: "video", entryId: item.entries.id, title: mediaTitle(item), video })
      markRead(item)
    },
    [open, markRead],
  )
  return { openGallery, openVideo }
}
