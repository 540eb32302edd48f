// The session cache: reuse within its time, one lookup for concurrent requests, eviction by user and in full.
import { describe, expect, it } from "vitest"
import { createSessionCache, credentialOf } from "../src/auth/session-cache.ts"
import type { SessionInfo } from "../src/services/session.ts"

const session = (userId: string): SessionInfo => ({ userId, role: "trial", feedSubscriptionLimit: 100 })

function counter(result: SessionInfo | undefined) {
  let calls = 0
  const resolve = async () => {
    calls++
    return result
  }
  return { resolve, calls: () => calls }
}

describe("session cache", () => {
  it("reuses a session until its time is up, then asks again", async () => {
    let now = 1_000
    const cache = createSessionCache(5_000, () => now)
    const lookup = counter(session("u1"))
    expect(await cache.get("Bearer a", lookup.resolve)).toEqual(session("u1"))
    now += 4_999
    await cache.get("Bearer a", lookup.resolve)
    expect(lookup.calls()).toBe(1)
    now += 2
    await cache.get("Bearer a", lookup.resolve)
    expect(lookup.calls()).toBe(2)
  })

  it("shares one lookup among concurrent requests, and never keeps a refusal", async () => {
    const cache = createSessionCache(5_000)
    const lookup = counter(session("u1"))
    await Promise.all(Array.from({ length: 10 }, () => cache.get("Bearer a", lookup.resolve)))
    expect(lookup.calls()).toBe(1)
    const refused = counter(undefined)
    expect(await cache.get("Bearer bad", refused.resolve)).toBeUndefined()
    expect(await cache.get("Bearer bad", refused.resolve)).toBeUndefined()
    expect(refused.calls()).toBe(2)
  })

  it("forgets every credential of one user, or everything", async () => {
    const cache = createSessionCache(60_000)
    const one = counter(session("u1"))
    const other = counter(session("u2"))
    await cache.get("Bearer a", one.resolve)
    await cache.get("cookie b", one.resolve)
    await cache.get("Bearer c", other.resolve)
    cache.evictUser("u1")
    await cache.get("Bearer a", one.resolve)
    await cache.get("cookie b", one.resolve)
    await cache.get("Bearer c", other.resolve)
    expect([one.calls(), other.calls()]).toEqual([4, 1])
    cache.clear()
    await cache.get("Bearer c", other.resolve)
    expect(other.calls()).toBe(2)
  })

  it("asks every time when its time is zero", async () => {
    const cache = createSessionCache(0)
    const lookup = counter(session("u1"))
    await cache.get("Bearer a", lookup.resolve)
    await cache.get("Bearer a", lookup.resolve)
    expect(lookup.calls()).toBe(2)
  })

  it("keys requests by their bearer token or session cookie", () => {
    expect(credentialOf(new Headers({ authorization: "Bearer t.sig" }))).toBe("Bearer t.sig")
    expect(credentialOf(new Headers({ cookie: "a=1; better-auth.session_token=t.sig; b=2" }))).toBe("cookie t.sig")
    expect(credentialOf(new Headers({ cookie: "__Secure-better-auth.session_token=x" }))).toBe("cookie x")
    expect(credentialOf(new Headers({ authorization: "Basic x", cookie: "other=1" }))).toBeUndefined()
  })
})
