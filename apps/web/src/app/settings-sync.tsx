// Wires the settings store to the server (spec client §4 "Settings sync"): every local change is queued, the queue
// survives a reload, a flush waits for the network, and at start the server's newer groups replace ours.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import i18next from "i18next"
import { useEffect } from "react"
import { keepAfter } from "../api/api-error.ts"
import { getSettings, patchSettings } from "../api/settings.ts"
import { errorMessage } from "../i18n/error-message.ts"
import { localDataWasReset } from "../lib/local-reset.ts"
import { toast } from "../lib/toast.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import { defaultAiSettings, defaultGeneralSettings, defaultUiSettings } from "../stores/settings-defaults.ts"
import { type SettingsGroups, useSettingsStore } from "../stores/settings-store.ts"
import {
  changedKeys,
  enhancedSettingsForExistingUser,
  REMOTE_TAB,
  remoteReplacement,
  SettingsSyncQueue,
  SYNC_GROUPS,
  withPendingChanges,
} from "../stores/settings-sync.ts"
import { adoptLegacyKeyBindings, LEGACY_SHORTCUTS_KEY } from "../stores/shortcut-store.ts"

export const SETTINGS_QUEUE_KEY = `${LOCAL_KEY_PREFIX}settings-sync-queue`
/** Whose settings this browser holds: another user's queue must never be sent as theirs. */
export const SETTINGS_OWNER_KEY = `${LOCAL_KEY_PREFIX}settings-owner`

const defaults: SettingsGroups = { general: defaultGeneralSettings, ui: defaultUiSettings, ai: defaultAiSettings }

let queue: SettingsSyncQueue | undefined
function syncQueue(): SettingsSyncQueue {
  queue ??= new SettingsSyncQueue({
    send: patchSettings,
    isOnline: () => useNetworkStore.getState().online && navigator.onLine !== false,
    now: Date.now,
    later: (run, ms) => {
      const timer = setTimeout(run, ms)
      return () => clearTimeout(timer)
    },
    storage: localStorage,
    storageKey: SETTINGS_QUEUE_KEY,
    keepAfter,
    onRefused: (group, payload, error) => void rollBackSettings(group, Object.keys(payload), error),
  })
  return queue
}

/**
 * A change the server refused (made offline, say, and invalid by the time it was sent) is undone: its keys go back
 * to the server's values (the defaults where the server has none), with a toast saying why.
 */
async function rollBackSettings(group: (typeof SYNC_GROUPS)[number], keys: string[], error: unknown) {
  toast.error(i18next.t("app:network.write_refused", { reason: errorMessage(error) }), { id: "settings-refused" })
  let remote: Record<string, unknown> | undefined
  try {
    remote = (await getSettings()).settings[REMOTE_TAB[group]] as Record<string, unknown> | undefined
  } catch {
    // Unknown: the defaults stand in for the server's values.
  }
  const state = useSettingsStore.getState()
  const restored: Record<string, unknown> = { ...(state[group] as Record<string, unknown>) }
  const fallback = defaults[group] as Record<string, unknown>
  for (const key of keys) restored[key] = remote && key in remote ? remote[key] : fallback[key]
  applyingRemote = true
  try {
    state.replaceGroup(group, restored as never, state.updated[group])
  } finally {
    applyingRemote = false
  }
}

/** Sends queued changes now (a change whose effect the server must know before lists are fetched again). */
export function flushSettings(): Promise<void> {
  return syncQueue().flush()
}

/** True while a group from the server is being applied: that is not a change to send back. */
let applyingRemote = false

/** Lays the server's newer groups over ours; answers whether any was replaced. */
export async function pullSettings(): Promise<boolean> {
  const remote = await getSettings()
  const state = useSettingsStore.getState()
  let replaced = false
  applyingRemote = true
  try {
    for (const group of SYNC_GROUPS) {
      const tab = REMOTE_TAB[group]
      const next = remoteReplacement(
        group,
        state[group] as Record<string, unknown>,
        state.updated[group],
        defaults[group] as Record<string, unknown>,
        remote.settings[tab],
        remote.updated[tab],
      )
      if (!next) continue
      const kept = withPendingChanges(next, group, syncQueue().pending)
      state.replaceGroup(group, kept as never, Date.parse(remote.updated[tab]!))
      replaced = true
    }
  } finally {
    applyingRemote = false
  }
  return replaced
}

/** Migration v1: the enhanced-settings flag of a user who had settings before the gate. */
function migrate(hadSettings: boolean) {
  const state = useSettingsStore.getState()
  if (state.migrationVersion >= 1) return
  if (hadSettings && !state.general.enhancedSettings && enhancedSettingsForExistingUser(state.general, state.ui))
    state.setGeneral({ enhancedSettings: true })
  state.setMigrationVersion(1)
}

export function useSettingsSync(userId: string) {
  useEffect(() => {
    const sync = syncQueue()
    const owner = localStorage.getItem(SETTINGS_OWNER_KEY)
    const otherUser = Boolean(owner && owner !== userId)
    if (otherUser) {
      sync.clear()
      // Keys rebound before settings were synced were kept for the browser, not the user: not this user's.
      localStorage.removeItem(LEGACY_SHORTCUTS_KEY)
      useSettingsStore.setState({ ...defaults, updated: { general: 0, ui: 0, ai: 0 }, migrationVersion: 0 })
    }
    localStorage.setItem(SETTINGS_OWNER_KEY, userId)
    sync.load()
    const before = useSettingsStore.getState()
    migrate(SYNC_GROUPS.some((group) => before.updated[group] > 0))

    const unsubscribe = useSettingsStore.subscribe((state, prev) => {
      if (applyingRemote) return
      for (const group of SYNC_GROUPS) {
        if (state[group] === prev[group]) continue
        sync.enqueue(
          group,
          changedKeys(prev[group] as Record<string, unknown>, state[group] as Record<string, unknown>),
        )
      }
    })
    adoptLegacyKeyBindings()
    const unwatchNetwork = useNetworkStore.subscribe((state, prev) => {
      if (state.online && !prev.online) void sync.flush()
    })
    // The browser's own event too: the app's flag only turns false when a request went unanswered.
    const reconnect = () => void sync.flush()
    window.addEventListener("online", reconnect)
    const save = () => {
      if (!localDataWasReset()) sync.save()
    }
    window.addEventListener("pagehide", save)
    let stopped = false
    void pullSettings()
      .catch(() => false)
      .then(() => {
        if (!stopped) void sync.flushWaiting()
      })
    return () => {
      stopped = true
      unsubscribe()
      unwatchNetwork()
      window.removeEventListener("online", reconnect)
      window.removeEventListener("pagehide", save)
      sync.suspend()
    }
  }, [userId])
}

export function SettingsSync({ userId }: { userId: string }) {
  useSettingsSync(userId)
  return null
}
