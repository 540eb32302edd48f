// Starred entries (/collections). Listing them goes through POST /entries with isCollection.
import type { WriteOptions } from "./reads.ts"
import { request } from "./request.ts"

export function starEntry(entryId: string, view: number, options: WriteOptions = {}): Promise<unknown> {
  return request("/collections", { method: "POST", body: { entryId, view }, ...options })
}

export function unstarEntry(entryId: string, options: WriteOptions = {}): Promise<unknown> {
  return request("/collections", { method: "DELETE", body: { entryId }, ...options })
}
