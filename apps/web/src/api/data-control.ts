// OPML in and out (/subscriptions/parse-opml, /import, /export) and the JSON data document (/data/g).
import type { Ok } from "@tidings/shared"
import { buildUrl, request } from "./request.ts"

export interface OpmlPreviewFeed {
  url: string
  view: number
  category: string | null
  title: string | null
}

export interface OpmlPreview {
  subscriptions: OpmlPreviewFeed[]
  /** How many more feeds the user may follow. */
  remaining: number
}

export interface OpmlImportItem {
  id?: string
  url?: string
  title?: string | null
}

export interface OpmlImportResult {
  successfulItems: OpmlImportItem[]
  conflictItems: OpmlImportItem[]
  parsedErrorItems: OpmlImportItem[]
}

export async function previewOpml(file: Blob): Promise<OpmlPreview> {
  const answer = await request<Ok<OpmlPreview>>("/subscriptions/parse-opml", { method: "POST", body: file })
  return answer.data
}

/** Imports the file's feeds whose URLs are listed; the server answers at once and fetches new feeds after. */
export async function importOpml(file: Blob, urls: string[]): Promise<OpmlImportResult> {
  const form = new FormData()
  form.append("file", file)
  form.append("items", JSON.stringify(urls))
  const answer = await request<Ok<OpmlImportResult>>("/subscriptions/import", { method: "POST", body: form })
  return answer.data
}

/** A link the browser downloads: the server answers the file with a content-disposition. */
export const opmlExportUrl = () => buildUrl("/subscriptions/export")
export const dataExportUrl = () => buildUrl("/data/g")

export interface DataImportResult {
  feeds: number
  lists: number
  inboxes: number
  pendingMarks: number
}

export async function importData(document: unknown): Promise<DataImportResult> {
  const answer = await request<Ok<DataImportResult>>("/data/g", { method: "POST", body: document, timeout: 60_000 })
  return answer.data
}
