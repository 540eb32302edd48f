// Categories (folders) are a label on the user's subscriptions; renaming or deleting one edits those labels.
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { withTransaction } from "../storage/db.ts"
import { listCategories, ownedFeedIds, setCategory } from "../storage/subscriptions.ts"
import { unsubscribe } from "./subscriptions.ts"

export function getCategories(deps: Deps, userId: string, view?: number) {
  return listCategories(deps.db, userId, view)
}

async function assertOwned(deps: Deps, userId: string, feedIds: string[]) {
  const owned = await ownedFeedIds(deps.db, userId, feedIds)
  if (owned.length !== new Set(feedIds).size) {
    throw new AppError(ErrorCode.FeedNotFound, { reason: "You do not subscribe to every feed in feedIdList" })
  }
}

export async function renameCategory(deps: Deps, userId: string, feedIds: string[], category: string) {
  await assertOwned(deps, userId, feedIds)
  const name = category.trim()
  await setCategory(deps.db, userId, feedIds, name || null)
}

/** Deleting a category keeps its subscriptions and clears their category, unless deleteSubscriptions is set. */
export async function deleteCategory(deps: Deps, userId: string, feedIds: string[], deleteSubscriptions: boolean) {
  await assertOwned(deps, userId, feedIds)
  if (deleteSubscriptions) return unsubscribe(deps, userId, { feedIdList: feedIds })
  await withTransaction(deps.db, (tx) => setCategory(tx, userId, feedIds, null))
}
