import type { QueryKey } from "@tanstack/react-query"
import { afterEach, describe, expect, it, vi } from "vitest"
import { errorFromResponse } from "../api/api-error.ts"
import { queryKeys } from "../queries/keys.ts"
import { PERSISTED_CACHE_KEY } from "../queries/persisted-cache.ts"
import { memoryStorage } from "../test/fixtures.ts"
import { createQueryClient } from "./query-client.ts"

const MINUTE = 60_000

afterEach(() => {
  vi.useRealTimers()
})

describe("query client defaults", () => {
  it("applies the spec's stale time per kind of query (§9)", () => {
    const client = createQueryClient(memoryStorage() as unknown as Storage)
    const staleTime = (queryKey: QueryKey) => client.defaultQueryOptions({ queryKey }).staleTime
    expect(staleTime(["actions"])).toBe(10 * MINUTE)
    expect(staleTime(queryKeys.unread)).toBe(5 * MINUTE)
    expect(staleTime(["read-histories", "e1"])).toBe(5 * MINUTE)
    expect(staleTime(queryKeys.entries({ view: 0 }))).toBe(10 * MINUTE)
    expect(staleTime(queryKeys.entry("e1"))).toBe(10 * MINUTE)
    expect(staleTime(queryKeys.session)).toBe(5 * MINUTE)
    expect(staleTime(["users", "u1"])).toBe(5 * MINUTE)
    const gcTime = (queryKey: QueryKey) => client.defaultQueryOptions({ queryKey }).gcTime
    expect(gcTime(queryKeys.subscriptions)).toBe(30 * MINUTE)
    expect(gcTime(queryKeys.listSubscriptions)).toBe(30 * MINUTE)
    expect(client.defaultQueryOptions({ queryKey: ["x"] }).refetchOnWindowFocus).toBe(false)
  })

  it("retries a failed query up to 3 times 1 s apart, and never on 400/401/403/404/422", async () => {
    vi.useFakeTimers()
    const client = createQueryClient(memoryStorage() as unknown as Storage)
    const failing = (status: number) => {
      const calls: number[] = []
      const done = client
        .fetchQuery({
          queryKey: ["failing", status],
          queryFn: () => {
            calls.push(Date.now())
            throw errorFromResponse(status, "Status", {}, { method: "GET", path: "/x" })
          },
          // fetchQuery does not retry by default; the app's queries do, with the client's rule.
          retry: client.getDefaultOptions().queries?.retry,
        })
        .catch(() => undefined)
      return { calls, done }
    }
    const server = failing(503)
    const missing = failing(404)
    await vi.advanceTimersByTimeAsync(10_000)
    await Promise.all([server.done, missing.done])
    expect(server.calls).toHaveLength(4)
    expect(server.calls.slice(1).map((at, i) => at - (server.calls[i] ?? 0))).toEqual([1000, 1000, 1000])
    expect(missing.calls).toHaveLength(1)
    for (const status of [400, 401, 403, 422]) {
      const other = failing(status)
      await vi.advanceTimersByTimeAsync(5000)
      expect(other.calls).toHaveLength(1)
    }
  })

  it("restores the persisted copy from the storage it is given", () => {
    const storage = memoryStorage()
    const first = createQueryClient(storage as unknown as Storage)
    first.setQueryData(queryKeys.session, { user: { id: "u1" } })
    first.setQueryData(queryKeys.unread, { f1: 2 })
    expect(storage.entries.has(PERSISTED_CACHE_KEY)).toBe(false) // throttled: not yet
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        const next = createQueryClient(storage as unknown as Storage)
        expect(next.getQueryData(queryKeys.unread)).toEqual({ f1: 2 })
        resolve()
      }, 1100)
    })
  })
})
