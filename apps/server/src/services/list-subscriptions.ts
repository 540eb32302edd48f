// Following lists: the list's feeds' entries come into the timeline with the list's id among their sources.
import { isLimitedRole } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { lockUser, withTransaction } from "../storage/db.ts"
import { backfillListEntries, feedIdsOfLists, findList, withdrawListEntries } from "../storage/lists.ts"
import {
  countSubscriptions,
  deleteListSubscription,
  findListSubscription,
  type SubscriptionChanges,
  updateListSubscription,
  upsertSubscription,
} from "../storage/subscriptions.ts"
import { moveListToView, unreadCountOf } from "../storage/timeline.ts"
import { applyRulesToArrivals } from "./arrivals.ts"
import type { SessionInfo } from "./session.ts"
import { toList, toSubscription } from "./wire.ts"

export interface ListSubscribeInput {
  listId: string
  view?: number
  category?: string | null
  title?: string | null
  isPrivate?: boolean
}

export async function subscribeList(deps: Deps, session: SessionInfo, input: ListSubscribeInput) {
  const userId = session.userId
  const list = await findList(deps.db, input.listId)
  if (!list) throw new AppError(ErrorCode.ListNotFound)
  const view = input.view ?? list.view
  await withTransaction(deps.db, async (tx) => {
    await lockUser(tx, userId)
    const limited = isLimitedRole(session.role) && !(await findListSubscription(tx, userId, list.id))
    if (limited && (await countSubscriptions(tx, userId, "list")) >= deps.config.TRIAL_MAX_LIST_SUBSCRIPTIONS) {
      throw new AppError(ErrorCode.TrialUserMaxListSubscriptionExceeded)
    }
    await upsertSubscription(tx, {
      id: newId(),
      userId,
      type: "list",
      listId: list.id,
      view,
      category: input.category?.trim() || null,
      title: input.title?.trim() || null,
      isPrivate: input.isPrivate ?? false,
    })
    await moveListToView(tx, userId, list.id, view)
    const arrived = await backfillListEntries(tx, list.id, undefined, userId)
    // A copy announces nothing to webhooks (see ArrivalKind), so nothing is owed after the commit.
    await applyRulesToArrivals(deps, tx, arrived, "copy")
  })
  const unread = { [list.id]: await unreadCountOf(deps.db, userId, list.id) }
  const feedIds = (await feedIdsOfLists(deps.db, [list.id])).get(list.id) ?? []
  return { feed: null, list: toList(list, feedIds), unread }
}

export async function updateListSubscriptionFor(
  deps: Deps,
  userId: string,
  listId: string,
  changes: SubscriptionChanges,
) {
  const row = await withTransaction(deps.db, async (tx) => {
    const updated = Object.keys(changes).length
      ? await updateListSubscription(tx, userId, listId, changes)
      : await findListSubscription(tx, userId, listId)
    if (!updated) throw new AppError(ErrorCode.ListNotFound, { reason: "You do not subscribe to this list" })
    if (changes.view !== undefined) await moveListToView(tx, userId, listId, changes.view)
    return updated
  })
  return toSubscription(row)
}

export async function unsubscribeList(deps: Deps, userId: string, listId: string) {
  await withTransaction(deps.db, async (tx) => {
    if (!(await deleteListSubscription(tx, userId, listId))) {
      throw new AppError(ErrorCode.ListNotFound, { reason: "You do not subscribe to this list" })
    }
    await withdrawListEntries(tx, listId, undefined, userId)
  })
}
