// Settings sync (spec client §4 "Settings sync"): local changes are queued per group and flushed to the server as
// one PATCH per group; the server's groups replace the local ones only when they are newer. Pure parts and the
// queue, with what they touch (the network, storage, time) passed in, so they are tested without a browser.
import { defaultGeneralSettings, defaultUiSettings } from "./settings-defaults.ts"
import { gatedGeneral, gatedUi } from "./settings-gate.ts"

export type SyncGroup = "general" | "ui" | "ai"
export type RemoteTab = "general" | "appearance" | "ai"

export const SYNC_GROUPS: readonly SyncGroup[] = ["general", "ui", "ai"]
/** The client's "ui" group is the server's "appearance" tab. */
export const REMOTE_TAB: Record<SyncGroup, RemoteTab> = { general: "general", ui: "appearance", ai: "ai" }
/** A burst of changes is gathered for this long before it is sent. */
export const SYNC_FLUSH_DELAY_MS = 1000

/** Keys that describe this device, not the user: never sent, and kept when the server's group replaces ours. */
export const LOCAL_ONLY_KEYS: Record<SyncGroup, readonly string[]> = {
  general: ["appLaunchOnStartup", "sendAnonymousData", "language", "voice"],
  ui: ["uiFontFamily", "readerFontFamily", "opaqueSidebar", "accentColor"],
  ai: [],
}

type Values = Record<string, unknown>

/** The part of a change the server gets: local-only keys dropped. Null when nothing is left to send. */
export function syncablePatch(group: SyncGroup, patch: Values): Values | null {
  const out: Values = {}
  for (const [key, value] of Object.entries(patch)) {
    if (!LOCAL_ONLY_KEYS[group].includes(key) && value !== undefined) out[key] = value
  }
  return Object.keys(out).length ? out : null
}

/** The keys whose values differ between two versions of a group (by value: arrays and objects compared as JSON). */
export function changedKeys(before: Values, after: Values): Values {
  const out: Values = {}
  for (const [key, value] of Object.entries(after)) {
    if (value !== before[key] && JSON.stringify(value) !== JSON.stringify(before[key])) out[key] = value
  }
  return out
}

/**
 * The group after a sync from the server: the remote one (over the defaults, so a key it lacks has its default)
 * when it was updated after the local one, with this device's local-only keys kept; otherwise null (keep local).
 */
export function remoteReplacement<T extends Values>(
  group: SyncGroup,
  local: T,
  localUpdatedAt: number,
  defaults: T,
  remote: Values | undefined,
  remoteUpdatedAt: string | undefined,
): T | null {
  if (!remote || !remoteUpdatedAt) return null
  const remoteTime = Date.parse(remoteUpdatedAt)
  if (!(remoteTime > localUpdatedAt)) return null
  const replaced: Values = { ...defaults }
  for (const [key, value] of Object.entries(remote)) if (key in defaults) replaced[key] = value
  for (const key of LOCAL_ONLY_KEYS[group]) if (key in local) replaced[key] = local[key]
  return replaced as T
}

/**
 * Migration v1: a user who set any of the gated settings before the gate existed keeps them, so enhancedSettings
 * starts on for them (and off for everyone else).
 */
export function enhancedSettingsForExistingUser(general: Values, ui: Values): boolean {
  const differs = (values: Values, defaults: Values, key: string) =>
    key in values && JSON.stringify(values[key]) !== JSON.stringify(defaults[key])
  return (
    gatedGeneral.some((key) => differs(general, defaultGeneralSettings, key)) ||
    gatedUi.some((key) => differs(ui, defaultUiSettings, key))
  )
}

/**
 * A group from the server with this device's unsent changes of that group laid over it. The server's group can be
 * newer than our last change and still lack it: a PATCH of an earlier change answered after we changed something
 * else. Those queued changes are about to be sent and will win there, so they must not be lost here meanwhile.
 */
export function withPendingChanges(values: Values, group: SyncGroup, pending: readonly QueuedChange[]): Values {
  const mine = pending.filter((change) => change.group === group)
  return mine.length ? Object.assign({ ...values }, ...mine.map((change) => change.payload)) : values
}

export interface QueuedChange {
  group: SyncGroup
  payload: Values
  at: number
}

export interface SyncQueueDeps {
  send: (tab: RemoteTab, payload: Values) => Promise<void>
  isOnline: () => boolean
  now: () => number
  /** Runs `run` after `ms`; returns a cancel function. */
  later: (run: () => void, ms: number) => () => void
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">
  storageKey: string
  /**
   * Whether a failed send is kept for later (no answer, a lapsed session); otherwise the server refused it and
   * onRefused undoes it. Without it every failure is kept.
   */
  keepAfter?: (error: unknown) => boolean
  /** A group's change the server refused: the keys it set, for the caller to put back as the server has them. */
  onRefused?: (group: SyncGroup, payload: Values, error: unknown) => void
}

/**
 * The queue of unsent changes. A change more than SYNC_FLUSH_DELAY_MS after the one before starts a flush that
 * delay later; the changes of the burst that follow join it. Each flush sends one PATCH per group with the burst's
 * changes merged (later values win); a group that got no answer goes back to the front of the queue for the next
 * flush, one the server refused is dropped and handed to onRefused.
 */
export class SettingsSyncQueue {
  private queue: QueuedChange[] = []
  /** The changes of the flush under way: stored with the queue until the server has them. */
  private sending: QueuedChange[] = []
  /** Bumped by suspend and clear: a flush under way then no longer owns the queue. */
  private epoch = 0
  private lastEnqueueAt = Number.NEGATIVE_INFINITY
  private cancelTimer: (() => void) | null = null
  private flushing: Promise<void> | null = null

  constructor(private readonly deps: SyncQueueDeps) {}

  get pending(): readonly QueuedChange[] {
    return this.queue
  }

  enqueue(group: SyncGroup, patch: Values): void {
    const payload = syncablePatch(group, patch)
    if (!payload) return
    const now = this.deps.now()
    this.queue.push({ group, payload, at: now })
    // Stored at once, not only at unload: a change made offline survives a reload or a crash.
    this.save()
    const quiet = now - this.lastEnqueueAt > SYNC_FLUSH_DELAY_MS
    this.lastEnqueueAt = now
    if (quiet || !this.cancelTimer) this.schedule(SYNC_FLUSH_DELAY_MS)
  }

  /**
   * At start, once the server's settings are in: sends what waited from an earlier page, unless a burst of changes is
   * still being gathered (its timer sends it, SYNC_FLUSH_DELAY_MS after it began, with what that burst brings).
   */
  flushWaiting(): Promise<void> {
    return this.cancelTimer ? Promise.resolve() : this.flush()
  }

  /** Sends what is queued, one PATCH per group; skipped while offline (the reconnect runs it again). */
  flush(): Promise<void> {
    this.cancelTimer?.()
    this.cancelTimer = null
    if (!this.queue.length || !this.deps.isOnline()) return Promise.resolve()
    if (this.flushing) return this.flushing.then(() => this.flush())
    const batch = this.queue.splice(0)
    this.sending = batch
    const epoch = this.epoch
    this.flushing = this.sendBatch(batch, epoch).finally(() => {
      this.flushing = null
      if (epoch !== this.epoch) return
      this.sending = []
      this.save()
    })
    return this.flushing
  }

  /** Writes the queue to storage (at each change, after each flush and on page unload), so changes not yet sent
   * survive a reload. */
  save(): void {
    const unsent = [...this.sending, ...this.queue]
    if (unsent.length) this.deps.storage.setItem(this.deps.storageKey, JSON.stringify(unsent))
    else this.deps.storage.removeItem(this.deps.storageKey)
  }

  /** Reads a saved queue back (at start); what it holds is sent with the next flush. */
  load(): void {
    let saved: unknown
    try {
      saved = JSON.parse(this.deps.storage.getItem(this.deps.storageKey) ?? "[]")
    } catch {
      saved = []
    }
    const restored = (Array.isArray(saved) ? saved : []).flatMap((item: Partial<QueuedChange>) => {
      if (!item || !SYNC_GROUPS.includes(item.group as SyncGroup) || typeof item.payload !== "object") return []
      const payload = syncablePatch(item.group as SyncGroup, (item.payload ?? {}) as Values)
      return payload ? [{ group: item.group as SyncGroup, payload, at: Number(item.at) || 0 }] : []
    })
    this.queue = [...restored, ...this.queue]
    this.save()
  }

  /**
   * Stops for now (the user signed out, or the app is closing): the queue goes to storage and nothing more is sent,
   * so a change made just before signing out is never sent with whoever signs in next. load() takes it up again.
   */
  suspend(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.save()
    this.queue = []
    this.sending = []
    this.epoch++
  }

  /** Drops every queued change (a different user signed in). */
  clear(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.queue = []
    this.sending = []
    this.epoch++
    this.deps.storage.removeItem(this.deps.storageKey)
  }

  private schedule(ms: number): void {
    this.cancelTimer?.()
    this.cancelTimer = this.deps.later(() => {
      this.cancelTimer = null
      void this.flush()
    }, ms)
  }

  private async sendBatch(batch: QueuedChange[], epoch: number): Promise<void> {
    const merged = new Map<SyncGroup, { payload: Values; changes: QueuedChange[] }>()
    for (const change of batch) {
      const entry = merged.get(change.group) ?? { payload: {}, changes: [] }
      Object.assign(entry.payload, change.payload)
      entry.changes.push(change)
      merged.set(change.group, entry)
    }
    const failed: QueuedChange[] = []
    await Promise.all(
      [...merged].map(async ([group, { payload, changes }]) => {
        try {
          await this.deps.send(REMOTE_TAB[group], payload)
        } catch (error) {
          if (!this.deps.keepAfter || this.deps.keepAfter(error)) failed.push(...changes)
          else if (epoch === this.epoch) this.deps.onRefused?.(group, payload, error)
        }
      }),
    )
    if (failed.length && epoch === this.epoch) this.queue = [...failed.sort((a, b) => a.at - b.at), ...this.queue]
  }
}
