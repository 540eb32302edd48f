// Read histories: the users who have read an entry, for an entry the caller can see (3000 otherwise).
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { findEntryForUser } from "../storage/entries.ts"
import { countPublicReaders, publicReadersPage } from "../storage/read-histories.ts"

/** The client shows 20 readers by default (client spec §9). */
export const READ_HISTORY_DEFAULT_SIZE = 20
export const READ_HISTORY_MAX_SIZE = 100

export async function entryReadHistories(
  deps: Deps,
  userId: string,
  entryId: string,
  page = 1,
  size = READ_HISTORY_DEFAULT_SIZE,
) {
  if (!(await findEntryForUser(deps.db, userId, entryId))) throw new AppError(ErrorCode.EntryNotFound)
  const [total, readers] = await Promise.all([
    countPublicReaders(deps.db, entryId),
    publicReadersPage(deps.db, entryId, (page - 1) * size, size),
  ])
  return {
    users: Object.fromEntries(readers.map((r) => [r.id, r])),
    total,
    entryReadHistories: total ? { userIds: readers.map((r) => r.id), readCount: total } : null,
  }
}
