// When the new-user guide shows. Its durable signal is a flag per user id in this browser, set when the guide is
// finished or skipped; it opens by itself only for a user without subscriptions (a brand-new account, or one that
// never added a source), so someone who already reads here is not walked through the first steps again on a new
// device. Settings › general reopens it at any time.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { create } from "zustand"

const doneKey = (userId: string) => `${LOCAL_KEY_PREFIX}guide_done:${userId}`

export function isGuideDone(userId: string, storage: Pick<Storage, "getItem"> = localStorage): boolean {
  try {
    return storage.getItem(doneKey(userId)) !== null
  } catch {
    return false
  }
}

export function markGuideDone(userId: string, storage: Pick<Storage, "setItem"> = localStorage): void {
  try {
    storage.setItem(doneKey(userId), new Date().toISOString())
  } catch {
    // Storage off (a private window): the guide may show again next visit, which is harmless.
  }
}

/** Whether the guide opens by itself on sign-in. `subscriptions` is undefined until the list has loaded. */
export function opensBySelf(input: { enabled: boolean | undefined; done: boolean; subscriptions: number | undefined }) {
  return input.enabled === true && !input.done && input.subscriptions === 0
}

/** Open from settings ("Show the guide again") or by itself; one flag so both paths close the same way. */
export const useGuideStore = create<{ open: boolean; show: () => void; hide: () => void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}))
