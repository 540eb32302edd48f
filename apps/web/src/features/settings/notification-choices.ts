// Which notifications this browser should show, kept on this device (what a browser may show is the browser's own
// permission, so the choice is per device too). The server pushes what "Notify" rules and AI tasks ask for, saying
// what each push is about; the service worker applies these choices to it (sw/push-choices.ts), reading the copy
// kept for it in Cache Storage.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { create } from "zustand"
import { createJSONStorage, persist } from "zustand/middleware"
import { DEFAULT_PUSH_CHOICES, writePushChoices } from "../../sw/push-choices.ts"

export const NOTIFICATION_KINDS = ["newEntries", "inboxEntries"] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

interface NotificationChoices {
  kinds: Record<NotificationKind, boolean>
  /** Only while Tidings is not the visible tab: an open reader already shows what arrived. */
  onlyWhenHidden: boolean
  setKind: (kind: NotificationKind, on: boolean) => void
  setOnlyWhenHidden: (on: boolean) => void
}

export const useNotificationChoices = create<NotificationChoices>()(
  persist(
    (set) => ({
      kinds: DEFAULT_PUSH_CHOICES.kinds,
      onlyWhenHidden: DEFAULT_PUSH_CHOICES.onlyWhenHidden,
      setKind: (kind, on) => set((state) => ({ kinds: { ...state.kinds, [kind]: on } })),
      setOnlyWhenHidden: (onlyWhenHidden) => set({ onlyWhenHidden }),
    }),
    {
      name: `${LOCAL_KEY_PREFIX}notifications`,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ kinds, onlyWhenHidden }) => ({ kinds, onlyWhenHidden }),
    },
  ),
)

/** The service worker's copy, written again whenever the choices change (and at start, app/web-push.ts). */
export function savePushChoices(): Promise<void> {
  const { kinds, onlyWhenHidden } = useNotificationChoices.getState()
  return writePushChoices({ kinds, onlyWhenHidden }).catch(() => undefined)
}
useNotificationChoices.subscribe((state, prev) => {
  if (state.kinds !== prev.kinds || state.onlyWhenHidden !== prev.onlyWhenHidden) void savePushChoices()
})

export type PermissionState = NotificationPermission | "unsupported"

/** What this browser allows now, as the Notification API says it. */
export function notificationPermission(): PermissionState {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission
}

/**
 * The permission as the Permissions API reports it ("prompt" is the Notification API's "default"), with a callback
 * when the user changes it in the browser's site settings while the page is open. Resolves to a stop function.
 */
export async function watchNotificationPermission(onChange: (state: PermissionState) => void): Promise<() => void> {
  if (typeof Notification === "undefined" || !navigator.permissions?.query) return () => {}
  try {
    const status = await navigator.permissions.query({ name: "notifications" })
    const read = () => onChange(status.state === "prompt" ? "default" : status.state)
    read()
    status.addEventListener("change", read)
    return () => status.removeEventListener("change", read)
  } catch {
    // A browser that cannot be asked about notifications this way: the Notification API's answer stands.
    return () => {}
  }
}

/** Web Push needs a service worker and the Push API (and a secure context, which both require). */
export function pushSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof PushManager !== "undefined"
}
