import { QueryClient } from "@tanstack/react-query"
import type { EntryListItem } from "@tidings/shared"
import { describe, expect, it } from "vitest"
import { withCachedState } from "./entry-state.ts"
import { queryKeys } from "./keys.ts"

const item = (id: string, read: boolean, starredAt?: string) =>
  ({
    entries: { id, title: id },
    feeds: { id: "f1", type: "feed" },
    read,
    ...(starredAt ? { collections: { createdAt: starredAt } } : {}),
  }) as unknown as EntryListItem

describe("the caches' state over an older copy", () => {
  it("gives a kept entry the read and star state the caches have now, and leaves entries they lack alone", () => {
    const client = new QueryClient()
    // Marked read and starred a moment ago: the lists have it, the local copy does not yet.
    client.setQueryData([...queryKeys.entriesRoot, { view: 0 }], {
      pages: [[item("a", true, "2026-11-26T08:00:00.000Z"), item("b", false)]],
      pageParams: [undefined],
    })
    const kept = [item("a", false), item("b", true, "2026-11-01T00:00:00.000Z"), item("c", false)]
    const [a, b, c] = withCachedState(client, kept, (copy) => copy.entries.id)
    expect(a).toMatchObject({ read: true, collections: { createdAt: "2026-11-26T08:00:00.000Z" } })
    expect(b?.read).toBe(false)
    expect(b && "collections" in b).toBe(false)
    expect(c).toBe(kept[2])
  })

  it("prefers the open entry's own state to a list's", () => {
    const client = new QueryClient()
    client.setQueryData([...queryKeys.entriesRoot, { view: 0 }], {
      pages: [[item("a", false)]],
      pageParams: [undefined],
    })
    client.setQueryData(queryKeys.entry("a"), item("a", true))
    expect(withCachedState(client, [item("a", false)], () => "a")[0]?.read).toBe(true)
  })
})
