// The entry toolbar's order (toolbarOrder: a main list shown as buttons, a more list under "More"), edited one
// move at a time. Pure, so every move keeps each action exactly once across both lists.
import type { EntryActionId } from "../../stores/settings-defaults.ts"

export interface ToolbarOrder {
  main: EntryActionId[]
  more: EntryActionId[]
}

export type ToolbarMove = "up" | "down" | "other"

export function moveToolbarItem(order: ToolbarOrder, id: EntryActionId, move: ToolbarMove): ToolbarOrder {
  const list: keyof ToolbarOrder = order.main.includes(id) ? "main" : "more"
  const items = [...order[list]]
  const index = items.indexOf(id)
  if (index < 0) return order
  if (move === "other") {
    const other: keyof ToolbarOrder = list === "main" ? "more" : "main"
    return { ...order, [list]: items.filter((item) => item !== id), [other]: [...order[other], id] } as ToolbarOrder
  }
  const target = move === "up" ? index - 1 : index + 1
  if (target < 0 || target >= items.length) return order
  ;[items[index], items[target]] = [items[target], items[index]]
  return { ...order, [list]: items }
}
