import { InfiniteQueryObserver, MutationObserver, QueryClient, QueryObserver } from "@tanstack/react-query"
import { describe, expect, it } from "vitest"
import { takeSnapshot } from "./optimistic.ts"

const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

describe("an optimistic change", () => {
  it("asks again, once the change is settled, for a list whose fetch it cancelled", async () => {
    const client = new QueryClient()
    const key = ["entries", { read: false }]
    let asked = 0
    // What the screen first had (the local copy), then the server's answers, each slow enough to be cancelled.
    client.setQueryData(key, "local copy", { updatedAt: 1 })
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => later(`server answer ${++asked}`, 50),
      staleTime: 600_000,
    })
    const unsubscribe = observer.subscribe(() => {})
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching")
    const change = new MutationObserver(client, {
      mutationFn: () => later("sent", 20),
      onMutate: () => takeSnapshot(client, [["entries"]]),
    })
    await change.mutate()
    // Cancelled by the change: back to what it had; then asked again once the change was settled.
    await expect.poll(() => client.getQueryData(key)).toBe("server answer 2")
    expect(asked).toBe(2)
    unsubscribe()
  })

  it("asks nothing again when no fetch was cancelled", async () => {
    const client = new QueryClient()
    const key = ["entries", { read: false }]
    let asked = 0
    const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => ++asked, staleTime: 600_000 })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => client.getQueryData(key)).toBe(1)
    const change = new MutationObserver(client, {
      mutationFn: async () => "sent",
      onMutate: () => takeSnapshot(client, [["entries"]]),
    })
    await change.mutate()
    await later(null, 50)
    expect(asked).toBe(1)
    unsubscribe()
  })

  it("leaves a list's first pages alone when it cancels the loading of its next page", async () => {
    const client = new QueryClient()
    const key = ["entries", { read: false }]
    const asked: (number | undefined)[] = []
    // An unread-only list: asked again from its start, it would no longer hold what was just marked read.
    const observer = new InfiniteQueryObserver(client, {
      queryKey: key,
      queryFn: ({ pageParam }) => {
        asked.push(pageParam)
        return later([pageParam ?? 0], pageParam === undefined ? 0 : 50)
      },
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last: number[]) => (last[0] ?? 0) + 1,
      staleTime: 600_000,
    })
    const unsubscribe = observer.subscribe(() => {})
    await expect.poll(() => client.getQueryState(key)?.fetchStatus).toBe("idle")
    void observer.fetchNextPage()
    expect(client.getQueryState(key)?.fetchStatus).toBe("fetching")
    const change = new MutationObserver(client, {
      mutationFn: () => later("sent", 20),
      onMutate: () => takeSnapshot(client, [["entries"]]),
    })
    await change.mutate()
    await later(null, 100)
    // The page being loaded was cancelled and the first page kept; nothing was asked again from the start.
    expect(asked).toEqual([undefined, 1])
    expect(client.getQueryData<{ pages: number[][] }>(key)?.pages).toEqual([[0]])
    unsubscribe()
  })
})
