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

// Quiet: the import panel shows the failure (not an OPML file, over the quota) where the file was dropped.
export async function previewOpml(file: Blob): Promise<OpmlPreview> {
  const answer = await request<Ok<OpmlPreview>>("/subscriptions/parse-opml", {
    method: "POST",
    body: file,
    quiet: true,
  })
  return answer.data
}

/** Imports the file's feeds whose URLs are listed; the server answers at once and fetches new feeds after. */
export async function importOpml(file: Blob, urls: string[]): Promise<OpmlImportResult> {
  const form = new FormData()
  form.append("file", file)
  form.append("items", JSON.stringify(urls))
  const answer = await request<Ok<OpmlImportResult>>("/subscriptions/import", {
    method: "POST",
    body: form,
    quiet: true,
  })
  return answer.data
}

/**
 * Fetches a file and hands it to the browser as a download. Not a plain link: the server answers every browser
 * navigation with the app's index.html, and a fetch also lets the page show a failure.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const response = await fetch(buildUrl(path), { credentials: "include", cache: "no-store" })
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`)
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement("a")
  link.href = url
  link.download = filename
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export const downloadOpml = () => downloadFile("/subscriptions/export", "tidings-subscriptions.opml")
export const downloadData = () => downloadFile("/data/g", "tidings-data.json")

export interface DataImportResult {
  feeds: number
  lists: number
  inboxes: number
  pendingMarks: number
}

export async function importData(document: unknown): Promise<DataImportResult> {
  const answer = await request<Ok<DataImportResult>>("/data/g", {
    method: "POST",
    body: document,
    timeout: 60_000,
    quiet: true,
  })
  return answer.data
}
