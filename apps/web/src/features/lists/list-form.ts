// What the list form and the add-feed field accept, checked the way the server checks (routes/lists.ts), so a
// mistake is named beside the field instead of coming back as a generic validation error.
import type { ListFields } from "../../api/lists.ts"

export interface ListFormValues {
  title: string
  description: string
  image: string
  view: string
  fee: string
}

export type ListFormProblem = "title" | "image" | "fee"

export function readListForm(values: ListFormValues): { fields: ListFields } | { problem: ListFormProblem } {
  const title = values.title.trim()
  if (!title || title.length > 200) return { problem: "title" }
  const image = values.image.trim()
  if (image && !isWebUrl(image)) return { problem: "image" }
  const fee = values.fee.trim() === "" ? 0 : Number(values.fee)
  if (!Number.isInteger(fee) || fee < 0 || fee > 1_000_000) return { problem: "fee" }
  const description = values.description.trim()
  return { fields: { title, description: description || null, image: image || null, view: Number(values.view), fee } }
}

function isWebUrl(text: string): boolean {
  if (!URL.canParse(text)) return false
  const { protocol } = new URL(text)
  return protocol === "http:" || protocol === "https:"
}

/** Snowflake-style ids are 13 to 19 digits (spec §3); anything else that parses as a web address is a feed URL. */
export function feedReference(input: string): { feedId: string } | { url: string } | null {
  const text = input.trim()
  if (/^\d{13,19}$/.test(text)) return { feedId: text }
  if (isWebUrl(text)) return { url: text }
  if (!text.includes(" ") && text.includes(".") && isWebUrl(`https://${text}`)) return { url: `https://${text}` }
  return null
}
