// Copy to the clipboard with the spec's messages (client §5): "link copied" / "copy failed", shown for 2 s;
// a refused permission explains itself.
import i18next from "i18next"
import { toast } from "./toast.ts"

export const COPY_CONFIRMATION_MS = 2000

const COPIED_KEYS = {
  link: "app:copy.link_copied",
  title: "app:copy.title_copied",
  text: "common:copy.copied",
} as const

export async function copyText(text: string, what: keyof typeof COPIED_KEYS): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(i18next.t(COPIED_KEYS[what]), { duration: COPY_CONFIRMATION_MS })
    return true
  } catch (error) {
    const denied = error instanceof DOMException && error.name === "NotAllowedError"
    toast.error(i18next.t(denied ? "app:copy.permission" : "common:copy.failed"), { duration: COPY_CONFIRMATION_MS })
    return false
  }
}
