// Wire shapes for unit tests, complete so no test needs a cast: a feed and a feed subscription with plain defaults,
// each field overridable.
import type { Feed, FeedSubscription } from "@tidings/shared"

export function testFeed(id: string, fields: Partial<Feed> = {}): Feed {
  return {
    type: "feed",
    id,
    url: `https://example.com/${id}`,
    title: id,
    description: null,
    siteUrl: null,
    image: null,
    ownerUserId: null,
    errorAt: null,
    errorMessage: null,
    language: null,
    checkedAt: null,
    updatedAt: null,
    tipUserIds: null,
    ...fields,
  }
}

export function testSubscription(
  feedId: string,
  fields: Partial<FeedSubscription> = {},
  feed: Partial<Feed> = {},
): FeedSubscription {
  return {
    type: "feed",
    userId: "u",
    feedId,
    listId: null,
    inboxId: null,
    view: 0,
    category: null,
    title: null,
    isPrivate: false,
    hideFromTimeline: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    feeds: testFeed(feedId, feed),
    ...fields,
  }
}

/** A Storage kept in memory (local storage in tests); `entries` shows what it holds. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial))
  return {
    entries,
    get length() {
      return entries.size
    },
    key: (index: number) => [...entries.keys()][index] ?? null,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, String(value)),
    removeItem: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  }
}
