import { describe, expect, it } from "vitest"
import { memoryStorage } from "../test/fixtures.ts"
import { type QueuedWrite, WRITE_RETRY_MS, WriteQueue, type WriteQueueDeps } from "./write-queue.ts"

const KEY = "tidings:offline-writes"

class NoAnswer extends Error {}
class Refused extends Error {}

/** A server stand-in: records what it got, refuses entries named in `refuse`, answers nothing while `down`. */
function harness(storage = memoryStorage()) {
  const state = { online: true, down: false, refuse: new Set<string>() }
  const sent: { write: QueuedWrite; replay: boolean }[] = []
  const refused: QueuedWrite[] = []
  const timers: { run: () => void; ms: number }[] = []
  let replays = 0
  const deps: WriteQueueDeps = {
    storage,
    storageKey: KEY,
    send: async (write, replay) => {
      await Promise.resolve()
      if (state.down) throw new NoAnswer()
      const id = "entryId" in write ? write.entryId : write.kind === "read" ? write.entryIds[0] : ""
      if (id && state.refuse.has(id)) throw new Refused()
      sent.push({ write, replay })
    },
    keepAfter: (error) => error instanceof NoAnswer,
    isOnline: () => state.online,
    onRefused: (write) => void refused.push(write),
    onReplayed: () => void replays++,
    now: () => 1000,
    later: (run, ms) => {
      timers.push({ run, ms })
      return () => {}
    },
  }
  return { deps, state, sent, refused, timers, storage, replays: () => replays, queue: () => new WriteQueue(deps) }
}

const read = (id: string): QueuedWrite => ({ kind: "read", entryIds: [id], inbox: false })
const star = (id: string): QueuedWrite => ({ kind: "star", entryId: id, view: 0 })
const unread = (id: string): QueuedWrite => ({ kind: "unread", entryId: id, inbox: false })

describe("offline write queue", () => {
  it("sends at once when online, in order, and stores nothing once sent", async () => {
    const h = harness()
    const queue = h.queue()
    const outcomes = await Promise.all([queue.submit("u1", read("a")), queue.submit("u1", star("b"))])
    expect(outcomes).toEqual(["sent", "sent"])
    expect(h.sent.map((s) => s.write)).toEqual([read("a"), star("b")])
    expect(h.sent.every((s) => !s.replay)).toBe(true)
    expect(h.storage.entries.has(KEY)).toBe(false)
  })

  it("stores a change made offline at once and sends the queue in order when online again", async () => {
    const h = harness()
    h.state.online = false
    const queue = h.queue()
    expect(await queue.submit("u1", read("a"))).toBe("queued")
    expect(await queue.submit("u1", star("b"))).toBe("queued")
    expect(await queue.submit("u1", unread("a"))).toBe("queued")
    expect(h.sent).toEqual([])
    expect(JSON.parse(h.storage.entries.get(KEY) ?? "{}").writes).toHaveLength(3)
    h.state.online = true
    await queue.flush()
    expect(h.sent.map((s) => s.write)).toEqual([read("a"), star("b"), unread("a")])
    expect(h.sent.every((s) => s.replay)).toBe(true)
    expect(h.replays()).toBe(1)
    expect(h.storage.entries.has(KEY)).toBe(false)
  })

  it("keeps a change that got no answer, and the ones after it, for the next flush", async () => {
    const h = harness()
    const queue = h.queue()
    h.state.down = true
    expect(await queue.submit("u1", read("a"))).toBe("queued")
    h.state.online = false // what the app's connectivity rule does after a request without an answer
    expect(await queue.submit("u1", star("b"))).toBe("queued")
    expect(queue.pending.map((p) => p.write)).toEqual([read("a"), star("b")])
    h.state.down = false
    h.state.online = true
    await queue.flush()
    expect(h.sent.map((s) => s.write)).toEqual([read("a"), star("b")])
  })

  it("tries a kept change again later when the failure did not turn the client offline (a time-out)", async () => {
    const h = harness()
    const queue = h.queue()
    h.state.down = true
    expect(await queue.submit("u1", read("a"))).toBe("queued")
    expect(h.timers.map((t) => t.ms)).toEqual([WRITE_RETRY_MS])
    h.state.down = false
    h.timers[0]?.run()
    await queue.flush()
    expect(h.sent.map((s) => s.write)).toEqual([read("a")])
  })

  it("survives a re-create (a reload): the stored queue is sent by the next queue of the same user", async () => {
    const h = harness()
    h.state.online = false
    await h.queue().submit("u1", read("a"))
    await h.queue().submit("u1", star("b")) // a second page life adds to what the first stored
    h.state.online = true
    const next = h.queue()
    next.start("u1")
    await next.flush()
    expect(h.sent.map((s) => s.write)).toEqual([read("a"), star("b")])
  })

  it("rejects a refused change to its waiting caller, and rolls back a refused queued one through onRefused", async () => {
    const h = harness()
    h.state.refuse.add("gone")
    const queue = h.queue()
    await expect(queue.submit("u1", star("gone"))).rejects.toBeInstanceOf(Refused)
    expect(h.refused).toEqual([])

    h.state.online = false
    await queue.submit("u1", read("a"))
    await queue.submit("u1", read("gone"))
    await queue.submit("u1", star("c"))
    h.state.online = true
    await queue.flush()
    expect(h.refused).toEqual([read("gone")])
    // The refusal does not stop the rest, and nothing refused stays stored.
    expect(h.sent.map((s) => s.write)).toEqual([read("a"), star("c")])
    expect(h.storage.entries.has(KEY)).toBe(false)
  })

  it("never sends one user's queue as another user: a different user's start drops it", async () => {
    const h = harness()
    h.state.online = false
    const queue = h.queue()
    await queue.submit("u1", read("a"))
    queue.stop() // u1 signs out
    h.state.online = true
    await queue.flush()
    expect(h.sent).toEqual([])
    expect(JSON.parse(h.storage.entries.get(KEY) ?? "{}").userId).toBe("u1")

    const other = h.queue() // u2 signs in (also after a reload)
    other.start("u2")
    await other.flush()
    expect(h.sent).toEqual([])
    expect(h.storage.entries.has(KEY)).toBe(false)
    expect(await other.submit("u2", star("b"))).toBe("sent")
    expect(h.sent.map((s) => s.write)).toEqual([star("b")])
  })

  it("takes its own queue up again when the same user signs back in", async () => {
    const h = harness()
    h.state.online = false
    const queue = h.queue()
    await queue.submit("u1", read("a"))
    queue.stop()
    h.state.online = true
    queue.start("u1")
    await queue.flush()
    expect(h.sent.map((s) => s.write)).toEqual([read("a")])
  })

  it("ignores a stored queue it cannot read", async () => {
    const h = harness(memoryStorage({ [KEY]: "{not json" }))
    const queue = h.queue()
    queue.start("u1")
    expect(queue.pending).toEqual([])
    expect(await queue.submit("u1", read("a"))).toBe("sent")
  })
})
