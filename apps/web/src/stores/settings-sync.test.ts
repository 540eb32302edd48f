import { describe, expect, it } from "vitest"
import { defaultGeneralSettings, defaultUiSettings } from "./settings-defaults.ts"
import {
  changedKeys,
  enhancedSettingsForExistingUser,
  type RemoteTab,
  remoteReplacement,
  SettingsSyncQueue,
  SYNC_FLUSH_DELAY_MS,
  syncablePatch,
  withPendingChanges,
} from "./settings-sync.ts"

/** A queue with a hand-driven clock and timers, an in-memory storage and a recording server. */
function harness(options: { failTabs?: RemoteTab[]; refuseTabs?: RemoteTab[] } = {}) {
  let now = 10_000
  let timers: { at: number; run: () => void; id: number }[] = []
  let nextId = 0
  const sent: { tab: RemoteTab; payload: Record<string, unknown> }[] = []
  const store = new Map<string, string>()
  const state = { online: true, fail: new Set(options.failTabs ?? []) }
  const refused: { group: string; payload: Record<string, unknown>; error: unknown }[] = []
  const queue = new SettingsSyncQueue({
    send: async (tab, payload) => {
      if (state.fail.has(tab)) throw new Error("offline")
      if (options.refuseTabs?.includes(tab)) throw new Error("invalid value")
      sent.push({ tab, payload })
    },
    isOnline: () => state.online,
    now: () => now,
    later: (run, ms) => {
      const id = nextId++
      timers.push({ at: now + ms, run, id })
      return () => {
        timers = timers.filter((timer) => timer.id !== id)
      }
    },
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    storageKey: "queue",
    // "offline" is a lost connection (kept); anything else the server's "no", a 422 (undone).
    keepAfter: (error: unknown) => (error as Error).message === "offline",
    onRefused: (group, payload, error) => void refused.push({ group, payload, error }),
  })
  /** Moves the clock on, running the timers that fall due, and lets their flushes finish. */
  async function advance(ms: number) {
    now += ms
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers = timers.filter((t) => t.id !== timer.id)
      timer.run()
    }
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { queue, sent, store, state, advance, refused, timers: () => timers }
}

describe("syncablePatch", () => {
  it("drops the local-only keys of each group and answers null when nothing is left", () => {
    expect(syncablePatch("general", { language: "ja", voice: "x", dimRead: true })).toEqual({ dimRead: true })
    expect(syncablePatch("general", { appLaunchOnStartup: true, sendAnonymousData: false })).toBeNull()
    expect(syncablePatch("ui", { accentColor: "blue", uiFontFamily: "serif", wideMode: true })).toEqual({
      wideMode: true,
    })
    expect(syncablePatch("ui", { opaqueSidebar: true, readerFontFamily: "serif" })).toBeNull()
    expect(syncablePatch("ai", {})).toBeNull()
  })
})

describe("changedKeys", () => {
  it("finds changed values, comparing arrays and objects by value", () => {
    const before = { a: 1, list: ["x"], order: { main: ["read"] } }
    expect(changedKeys(before, { a: 2, list: ["x"], order: { main: ["read"] } })).toEqual({ a: 2 })
    expect(changedKeys(before, { a: 1, list: ["x", "y"], order: { main: ["read"] } })).toEqual({ list: ["x", "y"] })
    expect(changedKeys(before, { ...before })).toEqual({})
  })
})

describe("remoteReplacement", () => {
  const local = { ...defaultGeneralSettings, dimRead: true, language: "ja" }
  it("replaces the group only when the server's is newer, keeping this device's local-only keys", () => {
    const remote = { unreadOnly: false, language: "en" }
    const at = "2026-11-25T10:00:00.000Z"
    const newer = remoteReplacement("general", local, Date.parse(at) - 1, defaultGeneralSettings, remote, at)
    expect(newer?.unreadOnly).toBe(false)
    // The remote group replaces the local one: a key it lacks has its default, not the local value.
    expect(newer?.dimRead).toBe(defaultGeneralSettings.dimRead)
    expect(newer?.language).toBe("ja")
    expect(remoteReplacement("general", local, Date.parse(at), defaultGeneralSettings, remote, at)).toBeNull()
    expect(remoteReplacement("general", local, Date.parse(at) + 1, defaultGeneralSettings, remote, at)).toBeNull()
    expect(remoteReplacement("general", local, 0, defaultGeneralSettings, undefined, undefined)).toBeNull()
  })

  it("ignores keys the client does not know", () => {
    const next = remoteReplacement("general", local, 0, defaultGeneralSettings, { bogus: 1 }, "2026-11-25T10:00:00Z")
    expect(next && "bogus" in next).toBe(false)
  })
})

describe("enhancedSettingsForExistingUser (migration v1)", () => {
  it("is on only when a gated setting was changed from its default", () => {
    expect(enhancedSettingsForExistingUser(defaultGeneralSettings, defaultUiSettings)).toBe(false)
    expect(enhancedSettingsForExistingUser({ ...defaultGeneralSettings, dimRead: true }, defaultUiSettings)).toBe(false)
    expect(enhancedSettingsForExistingUser({ ...defaultGeneralSettings, groupByDate: false }, defaultUiSettings)).toBe(
      true,
    )
    expect(enhancedSettingsForExistingUser(defaultGeneralSettings, { ...defaultUiSettings, reduceMotion: true })).toBe(
      true,
    )
  })
})

describe("SettingsSyncQueue", () => {
  it("gathers a burst for 1000 ms and sends one PATCH per group, later values winning", async () => {
    const h = harness()
    h.queue.enqueue("general", { dimRead: true })
    await h.advance(300)
    h.queue.enqueue("general", { dimRead: false, unreadOnly: false })
    h.queue.enqueue("ui", { wideMode: true, accentColor: "blue" })
    await h.advance(SYNC_FLUSH_DELAY_MS - 301)
    expect(h.sent).toEqual([])
    await h.advance(1)
    expect(h.sent).toEqual([
      { tab: "general", payload: { dimRead: false, unreadOnly: false } },
      { tab: "appearance", payload: { wideMode: true } },
    ])
    expect(h.queue.pending).toEqual([])
  })

  it("leaves a burst being gathered to its timer when the start's pull ends, and sends what waited from before", async () => {
    const h = harness()
    h.queue.enqueue("general", { dimRead: true })
    await h.advance(200)
    await h.queue.flushWaiting()
    expect(h.sent).toEqual([])
    await h.advance(SYNC_FLUSH_DELAY_MS - 200)
    expect(h.sent).toEqual([{ tab: "general", payload: { dimRead: true } }])
    // What an earlier page left (read back at start, no timer running) goes out at once.
    const next = harness()
    next.store.set("queue", JSON.stringify([{ group: "general", payload: { dimRead: false }, at: 1 }]))
    next.queue.load()
    await next.queue.flushWaiting()
    expect(next.sent).toEqual([{ tab: "general", payload: { dimRead: false } }])
  })

  it("starts a new 1000 ms wait for a change that comes more than 1000 ms after the last", async () => {
    const h = harness()
    h.queue.enqueue("general", { dimRead: true })
    await h.advance(SYNC_FLUSH_DELAY_MS)
    expect(h.sent).toHaveLength(1)
    await h.advance(5000)
    h.queue.enqueue("general", { dimRead: false })
    await h.advance(SYNC_FLUSH_DELAY_MS - 1)
    expect(h.sent).toHaveLength(1)
    await h.advance(1)
    expect(h.sent).toHaveLength(2)
  })

  it("sends nothing for an empty or local-only change", async () => {
    const h = harness()
    h.queue.enqueue("general", { language: "ja" })
    h.queue.enqueue("ai", {})
    await h.advance(5000)
    expect(h.sent).toEqual([])
    expect(h.timers()).toEqual([])
  })

  it("skips the flush while offline and sends everything on the flush after reconnecting", async () => {
    const h = harness()
    h.state.online = false
    h.queue.enqueue("general", { dimRead: true })
    await h.advance(SYNC_FLUSH_DELAY_MS)
    expect(h.sent).toEqual([])
    expect(h.queue.pending).toHaveLength(1)
    h.state.online = true
    await h.queue.flush()
    expect(h.sent).toEqual([{ tab: "general", payload: { dimRead: true } }])
  })

  it("keeps a group whose PATCH failed for the next flush, and sends the others", async () => {
    const h = harness({ failTabs: ["appearance"] })
    h.queue.enqueue("general", { dimRead: true })
    h.queue.enqueue("ui", { wideMode: true })
    await h.queue.flush()
    expect(h.sent).toEqual([{ tab: "general", payload: { dimRead: true } }])
    expect(h.queue.pending.map((change) => change.group)).toEqual(["ui"])
    h.state.fail.clear()
    await h.queue.flush()
    expect(h.sent.at(-1)).toEqual({ tab: "appearance", payload: { wideMode: true } })
  })

  it("saves the queue on unload and loads it back at start, dropping what cannot be sent", async () => {
    const first = harness()
    first.state.online = false
    first.queue.enqueue("ui", { wideMode: true })
    first.queue.save()
    const saved = first.store.get("queue")!
    expect(JSON.parse(saved)).toHaveLength(1)

    const second = harness()
    second.store.set(
      "queue",
      JSON.stringify([
        ...JSON.parse(saved),
        { group: "nope", payload: {} },
        { group: "general", payload: { voice: 1 } },
      ]),
    )
    second.queue.load()
    // What was loaded stays stored, cleaned, until the server has it.
    expect(JSON.parse(second.store.get("queue") ?? "[]")).toHaveLength(1)
    await second.queue.flush()
    expect(second.sent).toEqual([{ tab: "appearance", payload: { wideMode: true } }])
    // Nothing queued: nothing kept.
    expect(second.store.has("queue")).toBe(false)
  })

  it("stores a change made offline at once (no unload needed), and a re-created queue sends it online", async () => {
    const first = harness()
    first.state.online = false
    first.queue.enqueue("general", { dimRead: true })
    await first.advance(SYNC_FLUSH_DELAY_MS)
    const saved = first.store.get("queue")
    expect(JSON.parse(saved ?? "[]")).toEqual([{ group: "general", payload: { dimRead: true }, at: 10_000 }])

    const second = harness() // the page reloaded while offline, then the network came back
    second.store.set("queue", saved ?? "")
    second.queue.load()
    await second.queue.flush()
    expect(second.sent).toEqual([{ tab: "general", payload: { dimRead: true } }])
    expect(second.store.has("queue")).toBe(false)
  })

  it("drops a change the server refuses and hands it back to be undone; one that got no answer is kept", async () => {
    const h = harness({ failTabs: ["appearance"], refuseTabs: ["general"] })
    h.queue.enqueue("general", { dimRead: true })
    h.queue.enqueue("ui", { wideMode: true })
    await h.queue.flush()
    // The refused general change is gone from the queue and was handed back; the unanswered one waits, stored.
    expect(h.refused.map(({ group, payload }) => ({ group, payload }))).toEqual([
      { group: "general", payload: { dimRead: true } },
    ])
    expect(h.queue.pending.map((change) => change.group)).toEqual(["ui"])
    expect(JSON.parse(h.store.get("queue") ?? "[]").map((c: { group: string }) => c.group)).toEqual(["ui"])
    h.state.fail.clear()
    await h.queue.flush()
    expect(h.sent).toEqual([{ tab: "appearance", payload: { wideMode: true } }])
    expect(h.refused).toHaveLength(1)
  })

  it("keeps a change stored while its PATCH is under way, and after a PATCH that failed", async () => {
    const h = harness({ failTabs: ["general"] })
    h.queue.enqueue("general", { dimRead: true })
    const flushing = h.queue.flush()
    expect(JSON.parse(h.store.get("queue") ?? "[]")).toHaveLength(1)
    await flushing
    expect(JSON.parse(h.store.get("queue") ?? "[]")).toHaveLength(1)
    h.state.fail.clear()
    await h.queue.flush()
    expect(h.store.has("queue")).toBe(false)
  })

  it("reads an unreadable saved queue as empty", () => {
    const h = harness()
    h.store.set("queue", "{not json")
    h.queue.load()
    expect(h.queue.pending).toEqual([])
  })

  it("sends nothing more once suspended, and takes the saved changes up again at load", async () => {
    const h = harness()
    h.queue.enqueue("general", { dimRead: true })
    h.queue.suspend()
    await h.advance(5000)
    expect(h.sent).toEqual([])
    expect(h.queue.pending).toEqual([])
    h.queue.load()
    await h.queue.flush()
    expect(h.sent).toEqual([{ tab: "general", payload: { dimRead: true } }])
  })

  it("forgets everything queued and saved on clear", async () => {
    const h = harness()
    h.queue.enqueue("general", { dimRead: true })
    h.queue.suspend()
    h.queue.clear()
    h.queue.load()
    await h.queue.flush()
    expect(h.sent).toEqual([])
  })
})

describe("a newer group from the server and this device's unsent changes", () => {
  it("keeps the unsent changes of that group over the server's values, and only those", () => {
    const pending = [
      { group: "general" as const, payload: { enhancedSettings: true }, at: 1 },
      { group: "ui" as const, payload: { dateFormat: "YYYY-MM-DD" }, at: 2 },
      { group: "general" as const, payload: { dimRead: true }, at: 3 },
    ]
    const server = { language: "ja", enhancedSettings: false, dimRead: false }
    expect(withPendingChanges(server, "general", pending)).toEqual({
      language: "ja",
      enhancedSettings: true,
      dimRead: true,
    })
    expect(withPendingChanges(server, "ai", pending)).toBe(server)
    expect(server.enhancedSettings).toBe(false)
  })
})
