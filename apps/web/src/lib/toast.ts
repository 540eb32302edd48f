// The app's toasts. sonner (the toaster) is not part of the first screen: it loads when the browser is first idle
// or when the first toast is asked for, whichever comes first, and a toast asked for before then shows once the
// toaster is on the page. The calls mirror sonner's (`toast`, `.success`, `.error`, `.loading`, `.dismiss`), and an
// id is known at once so a later call can update or dismiss the toast.
import type { ReactNode } from "react"
import type { ExternalToast } from "sonner"

type Kind = "message" | "success" | "error" | "loading"
type Id = string | number

let wanted = false
const listeners = new Set<() => void>()
let markMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve
})
let nextId = 1

/** Asks for the toaster to be put on the page (app/app.tsx listens). */
export function wantToaster(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

export const toasterWanted = {
  get: () => wanted,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

/** Called by the toaster once it is on the page: the toasts asked for so far go out. */
export function toasterMounted(): void {
  markMounted()
}

async function withSonner(run: (sonner: typeof import("sonner")) => void) {
  wantToaster()
  const [sonner] = await Promise.all([import("sonner"), mounted])
  run(sonner)
}

function show(kind: Kind, message: ReactNode, options: ExternalToast = {}): Id {
  const id = options.id ?? `toast-${nextId++}`
  void withSonner(({ toast: sonner }) => {
    const call = kind === "message" ? sonner : sonner[kind]
    call(message, { ...options, id })
  })
  return id
}

export const toast = Object.assign((message: ReactNode, options?: ExternalToast) => show("message", message, options), {
  success: (message: ReactNode, options?: ExternalToast) => show("success", message, options),
  error: (message: ReactNode, options?: ExternalToast) => show("error", message, options),
  loading: (message: ReactNode, options?: ExternalToast) => show("loading", message, options),
  dismiss: (id?: Id) => void withSonner(({ toast: sonner }) => sonner.dismiss(id)),
})
