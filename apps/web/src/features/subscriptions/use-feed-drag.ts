// Dragging feeds in the sidebar onto a category folder, or onto the "no category" area, moves them there
// (HTML5 drag and drop; the feed menus offer the same by keyboard: "Move to category…").
import { type DragEvent, useState } from "react"

const DRAG_TYPE = "application/x-tidings-feeds"

/** The key of a drop target: the category name, or "" for none. */
const targetKey = (category: string | null) => category ?? ""

export interface DropTargetProps {
  onDragOver: (event: DragEvent<HTMLElement>) => void
  onDragLeave: (event: DragEvent<HTMLElement>) => void
  onDrop: (event: DragEvent<HTMLElement>) => void
  "data-drop-over"?: boolean
}

export function useFeedDrag(onMove: (feedIds: string[], category: string | null) => void) {
  const [dragging, setDragging] = useState(false)
  const [over, setOver] = useState<string | null>(null)
  const end = () => {
    setDragging(false)
    setOver(null)
  }

  const start = (feedIds: string[], event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(feedIds))
    event.dataTransfer.effectAllowed = "move"
    setDragging(true)
  }

  const target = (category: string | null): DropTargetProps => ({
    onDragOver: (event) => {
      if (!event.dataTransfer.types.includes(DRAG_TYPE)) return
      event.preventDefault()
      event.dataTransfer.dropEffect = "move"
      if (over !== targetKey(category)) setOver(targetKey(category))
    },
    onDragLeave: (event) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null)
    },
    onDrop: (event) => {
      const data = event.dataTransfer.getData(DRAG_TYPE)
      if (!data) return
      event.preventDefault()
      end()
      const ids: unknown = JSON.parse(data)
      if (Array.isArray(ids))
        onMove(
          ids.filter((id): id is string => typeof id === "string"),
          category,
        )
    },
    "data-drop-over": over === targetKey(category) || undefined,
  })

  return { dragging, start, end, target }
}
