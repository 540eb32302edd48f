// What the app does when an API call fails (spec client §8) or answers: toasts, log-out, navigation, offline.
import type { QueryClient } from "@tanstack/react-query"
import i18next from "i18next"
import { type ApiError, errorAction } from "../api/api-error.ts"
import { sessionChanged, setApiEvents } from "../api/request.ts"
import { CopyableText } from "../components/ui/copyable-text.tsx"
import { errorMessage } from "../i18n/error-message.ts"
import { toast } from "../lib/toast.ts"
import { queryKeys } from "../queries/keys.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import { useSessionStore } from "../stores/session-store.ts"
import { loginPath } from "./paths.ts"
import { type ToastPlan, toastForError } from "./toast-rules.ts"

interface Deps {
  queryClient: QueryClient
  navigate: (path: string) => void
  currentPath: () => string
  /** The browser's connectivity: its online/offline events and navigator.onLine (tests pass their own). */
  browser?: { events: Pick<EventTarget, "addEventListener">; online: () => boolean }
}

export function installApiEvents(deps: Deps): void {
  const browser = deps.browser ?? { events: window, online: () => navigator.onLine !== false }
  setApiEvents({
    // A late answer to a call sent before the connection dropped must not hide the offline state the browser reports.
    onResponse: () => useNetworkStore.getState().setOnline(browser.online()),
    onError: (error, { quiet, stale }) => handleApiError(error, quiet, stale, deps),
  })
  browser.events.addEventListener("online", () => {
    useNetworkStore.getState().setOnline(true)
    // Catch up: what the screen shows and is out of date is asked for again, the session first among it (queued
    // offline changes wait for the server to confirm it). An app that started offline would otherwise sit on its
    // local copy, since TanStack Query's own reconnect refetch never saw it go offline.
    void deps.queryClient.refetchQueries({ type: "active", stale: true })
  })
  browser.events.addEventListener("offline", () => useNetworkStore.getState().setOnline(false))
}

function handleApiError(error: ApiError, quiet: boolean, stale: boolean, deps: Deps): void {
  const action = errorAction(error)
  // The session that call was sent under has ended already: its 401 must not end the one that followed.
  if (stale && action === "logout") return
  showToast(error, toastForError(error, quiet), deps.navigate)
  switch (action) {
    case "offline":
      useNetworkStore.getState().setOnline(false)
      return
    case "logout":
      logOut(deps)
      return
    case "invitation":
      deps.navigate("/invitation")
      return
  }
}

/** A 401: the session is flagged expired, the user removed, and the app goes to the sign-in page. */
function logOut({ queryClient, navigate, currentPath }: Deps): void {
  sessionChanged()
  const session = useSessionStore.getState()
  session.markExpired()
  session.removeUser()
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
  queryClient.setQueryData(queryKeys.session, null)
  const path = currentPath()
  if (!path.startsWith("/login")) navigate(loginPath(path))
}

function showToast(error: ApiError, plan: ToastPlan, navigate: (path: string) => void): void {
  if (plan.kind === "error") {
    toast.error(errorMessage(error), {
      duration: plan.durationMs,
      description: plan.detail ? <CopyableText text={plan.detail} /> : undefined,
    })
  } else if (plan.kind === "activation") {
    const show = () =>
      toast.error(i18next.t("app:activation.plan.description"), {
        id: plan.id,
        duration: plan.durationMs,
        closeButton: true,
        action: { label: i18next.t("app:activation.activate"), onClick: () => navigate("/settings/plan") },
      })
    setTimeout(show, plan.delayMs)
  }
}
