// Starring entries. Only entries in the user's own timeline can be starred.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { addCollection, isCollected, removeCollection } from "../storage/collections.ts"
import { timelineRow } from "../storage/timeline.ts"

export function isStarred(deps: Deps, userId: string, entryId: string) {
  return isCollected(deps.db, userId, entryId)
}

export async function star(deps: Deps, userId: string, entryId: string, view?: number) {
  const row = await timelineRow(deps.db, userId, entryId)
  if (!row) throw new AppError(ErrorCode.EntryNotFound)
  await addCollection(deps.db, { userId, entryId, feedId: row.feedId, view: view ?? row.view, createdAt: deps.now() })
}

export async function unstar(deps: Deps, userId: string, entryId: string) {
  if (!(await removeCollection(deps.db, userId, entryId))) throw new AppError(ErrorCode.EntryNotFound)
}
