import type { EntryListItem, Feed, FeedSubscription } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { testFeed, testSubscription } from "../test/fixtures.ts"
import {
  entryItemsFrom,
  feedSubscriptionsFrom,
  loadEntryPageSql,
  loadFeedSubscriptionsSql,
  loadUnreadSql,
  type Statement,
  saveEntryItems,
  saveFeedSubscriptions,
  saveUnread,
  unreadFrom,
} from "./local-store.ts"
import { openMigrated, type SqlDatabase } from "./migrate.ts"
import { fileHost, sqlite } from "./test-host.ts"

const feed = (id: string, extra: Partial<Feed> = {}): Feed =>
  testFeed(id, {
    url: `https://example.test/${id}.xml`,
    title: `Feed ${id}`,
    siteUrl: "https://example.test/",
    language: "en",
    checkedAt: "2026-11-25T10:00:00.000Z",
    updatedAt: 1764064800000,
    ...extra,
  })

const subscription = (id: string, view: number, extra: Partial<FeedSubscription> = {}): FeedSubscription =>
  testSubscription(id, {
    userId: "u1",
    view,
    createdAt: `2026-11-2${id.length}T08:00:00.000Z`,
    feeds: feed(id),
    ...extra,
  })

let n = 0
const item = (feedId: string, view: number, read: boolean, at: string, extra: Partial<EntryListItem> = {}) => {
  n++
  const entry: EntryListItem = {
    entries: {
      id: `e${n}`,
      guid: `g${n}`,
      title: `Entry ${n}`,
      url: `https://example.test/${n}`,
      description: "Short",
      summary: null,
      author: "Ann",
      authorUrl: null,
      authorAvatar: null,
      language: null,
      categories: ["news"],
      media: [{ url: "https://example.test/a.png", type: "photo", width: 10, height: 20 }],
      attachments: null,
      extra: null,
      publishedAt: at,
      insertedAt: at,
      updatedAt: null,
    },
    feeds: feed(feedId),
    read,
    view,
    from: [],
    ...extra,
  }
  return entry
}

async function database() {
  return openMigrated(fileHost(await sqlite())).db
}

const run = (db: SqlDatabase, statements: Statement[]) => {
  for (const s of statements) db.all(s.sql, s.params)
}
const query = (db: SqlDatabase, s: Statement) => db.all(s.sql, s.params)

describe("the local copy of the sidebar", () => {
  it("gives back the feed subscriptions as saved, replacing the previous set", async () => {
    const db = await database()
    const subs = [
      subscription("a", 0, { category: "Tech", title: "Renamed", feeds: feed("a", { tipUserIds: ["x"] }) }),
      subscription("bb", 2, { isPrivate: true, hideFromTimeline: true }),
    ]
    run(db, saveFeedSubscriptions("u1", subs))
    expect(feedSubscriptionsFrom(query(db, loadFeedSubscriptionsSql("u1")))).toEqual(subs)
    run(db, saveFeedSubscriptions("u1", [subs[1]]))
    expect(feedSubscriptionsFrom(query(db, loadFeedSubscriptionsSql("u1")))).toEqual([subs[1]])
    expect(query(db, loadFeedSubscriptionsSql("someone-else"))).toEqual([])
  })

  it("gives back the unread counts", async () => {
    const db = await database()
    run(db, saveUnread({ a: 3, b: 0 }))
    run(db, saveUnread({ a: 4, c: 1 }))
    expect(unreadFrom(query(db, loadUnreadSql))).toEqual({ a: 4, c: 1 })
  })
})

describe("the local copy of the timeline", () => {
  it("answers a view's unread page newest first, with the items as the server gave them", async () => {
    const db = await database()
    const newest = item("a", 0, false, "2026-11-25T10:00:00.000Z", {
      collections: { createdAt: "2026-11-25T11:00:00.000Z" },
    })
    const read = item("a", 0, true, "2026-11-25T09:00:00.000Z")
    const older = item("b", 0, false, "2026-11-24T10:00:00.000Z", { from: ["u2"], settings: { star: true } })
    const picture = item("c", 2, false, "2026-11-25T12:00:00.000Z")
    run(db, saveEntryItems([read, newest, older, picture]))
    const page = (filter: Parameters<typeof loadEntryPageSql>[0], limit = 20) =>
      entryItemsFrom(query(db, loadEntryPageSql(filter, limit) as Statement), false)
    expect(page({ view: 0, read: false })).toEqual([newest, older])
    expect(page({ view: 0 })).toEqual([newest, read, older])
    expect(page({ view: 0 }, 1)).toEqual([newest])
    expect(page({ feedId: "b" })).toEqual([older])
    expect(page({ feedIdList: ["a", "c"], read: false })).toEqual([picture, newest])
    expect(page({ view: 0, isCollection: true })).toEqual([newest])
    expect(loadEntryPageSql({ listId: "l1" }, 20)).toBeUndefined()
  })

  it("keeps content a later page without content leaves out, and follows read and star changes", async () => {
    const db = await database()
    const full = item("a", 1, false, "2026-11-25T10:00:00.000Z")
    full.entries.content = "<p>Whole post</p>"
    run(db, saveEntryItems([full]))
    const { content: _, ...withoutContent } = full.entries
    run(
      db,
      saveEntryItems([
        { ...full, entries: withoutContent, read: true, collections: { createdAt: "2026-11-25T12:00:00.000Z" } },
      ]),
    )
    const [back] = entryItemsFrom(query(db, loadEntryPageSql({ view: 1 }, 20) as Statement), true)
    expect(back.entries.content).toBe("<p>Whole post</p>")
    expect(back.read).toBe(true)
    expect(back.collections).toEqual({ createdAt: "2026-11-25T12:00:00.000Z" })
    run(db, saveEntryItems([{ ...full, read: true }]))
    expect(entryItemsFrom(query(db, loadEntryPageSql({ view: 1, isCollection: true }, 20) as Statement), true)).toEqual(
      [],
    )
  })
})
