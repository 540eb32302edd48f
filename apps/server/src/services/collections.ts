// Starring entries. Only entries in the user's own timeline can be starred.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { isCollected, removeCollection, starTimelineEntry } from "../storage/collections.ts"

export function isStarred(deps: Deps, userId: string, entryId: string) {
  return isCollected(deps.db, userId, entryId)
}

export async function star(deps: Deps, userId: string, entryId: string, view?: number) {
  if (!(await starTimelineEntry(deps.db, userId, entryId, view, deps.now())))
    throw new AppError(ErrorCode.EntryNotFound)
}

export async function unstar(deps: Deps, userId: string, entryId: string) {
  if (!(await removeCollection(deps.db, userId, entryId))) throw new AppError(ErrorCode.EntryNotFound)
}
