// Starred entries (/collections). Listing them goes through POST /entries with isCollection.
import { request } from "./request.ts"

export function starEntry(entryId: string, view: number): Promise<unknown> {
  return request("/collections", { method: "POST", body: { entryId, view } })
}

export function unstarEntry(entryId: string): Promise<unknown> {
  return request("/collections", { method: "DELETE", body: { entryId } })
}
