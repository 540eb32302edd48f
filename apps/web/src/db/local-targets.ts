// The lists the user follows and their inboxes in the local database (spec client §3: subscriptions of type list
// and inbox, the lists and inboxes tables), beside the feed subscriptions of local-store.ts. Statements only, run
// by the caller. The database belongs to one user (it is emptied for another), so inboxes need no user column.
import type { InboxTarget } from "@tidings/shared"
import type { ListSubscription } from "../api/subscriptions.ts"
import type { Statement } from "./local-store.ts"
import type { Row } from "./migrate.ts"

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

/** Replaces the user's list subscriptions (and refreshes the lists they name). */
export function saveListSubscriptions(userId: string, subs: ListSubscription[]): Statement[] {
  return [
    { sql: "DELETE FROM subscriptions WHERE user_id = ? AND type = 'list'", params: [userId] },
    ...subs.flatMap((sub) => [
      {
        sql: `INSERT INTO lists (id, title, description, view) VALUES (?, ?, ?, ?)
              ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description`,
        params: [sub.lists.id, sub.lists.title ?? "", sub.lists.description ?? null, sub.view],
      },
      {
        sql: `INSERT OR REPLACE INTO subscriptions
                (id, feed_id, list_id, inbox_id, user_id, view, is_private, hide_from_timeline, title, category, created_at, type)
              VALUES (?, NULL, ?, NULL, ?, ?, 0, 0, ?, ?, ?, 'list')`,
        params: [
          `list/${sub.listId}`,
          sub.listId,
          userId,
          sub.view,
          sub.title,
          sub.category ?? null,
          sub.createdAt ?? null,
        ],
      },
    ]),
  ]
}

export const loadListSubscriptionsSql = (userId: string): Statement => ({
  sql: `SELECT s.list_id, s.view, s.title, s.category, s.created_at, l.title AS l_title, l.description AS l_description
          FROM subscriptions s JOIN lists l ON l.id = s.list_id
         WHERE s.user_id = ? AND s.type = 'list' ORDER BY s.created_at, s.list_id`,
  params: [userId],
})

export function listSubscriptionsFrom(rows: Row[]): ListSubscription[] {
  return rows.map((row) => ({
    listId: String(row.list_id),
    view: Number(row.view),
    title: text(row.title),
    category: text(row.category),
    createdAt: text(row.created_at) ?? undefined,
    lists: { id: String(row.list_id), title: text(row.l_title), description: text(row.l_description) },
  }))
}

/** Replaces the user's inboxes. Only id, title and secret have columns (spec); the rest comes with the next answer. */
export function saveInboxes(inboxes: InboxTarget[]): Statement[] {
  return [
    { sql: "DELETE FROM inboxes" },
    ...inboxes
      // An inbox still being created has no secret yet: it is kept once the server has answered.
      .filter((inbox) => inbox.secret)
      .map((inbox) => ({
        sql: "INSERT OR REPLACE INTO inboxes (id, title, secret) VALUES (?, ?, ?)",
        params: [inbox.id, inbox.title, inbox.secret],
      })),
  ]
}

export const loadInboxesSql: Statement = { sql: "SELECT id, title, secret FROM inboxes ORDER BY id" }

export function inboxesFrom(rows: Row[], userId: string): InboxTarget[] {
  return rows.map((row) => ({
    type: "inbox",
    id: String(row.id),
    title: text(row.title),
    description: null,
    image: null,
    ownerUserId: userId,
    secret: String(row.secret),
  }))
}
