// What the app does when an API call fails (spec client §8) or answers: toasts, log-out, navigation, offline.
import type { QueryClient } from "@tanstack/react-query"
import i18next from "i18next"
import { toast } from "sonner"
import { type ApiError, errorAction } from "../api/api-error.ts"
import { setApiEvents } from "../api/request.ts"
import { CopyableText } from "../components/ui/copyable-text.tsx"
import { errorMessage } from "../i18n/error-message.ts"
import { queryKeys } from "../queries/keys.ts"
import { useNetworkStore } from "../stores/network-store.ts"
import { useSessionStore } from "../stores/session-store.ts"
import { loginPath } from "./paths.ts"

const ACTIVATION_DELAY_MS = 500
const ACTIVATION_DURATION_MS = 100_000
const ERROR_TOAST_MS = 5000

interface Deps {
  queryClient: QueryClient
  navigate: (path: string) => void
  currentPath: () => string
}

export function installApiEvents(deps: Deps): void {
  setApiEvents({
    // A late answer to a call sent before the connection dropped must not hide the offline state the browser reports.
    onResponse: () => useNetworkStore.getState().setOnline(navigator.onLine !== false),
    onError: (error, { quiet }) => handleApiError(error, quiet, deps),
  })
  window.addEventListener("online", () => useNetworkStore.getState().setOnline(true))
  window.addEventListener("offline", () => useNetworkStore.getState().setOnline(false))
}

function handleApiError(error: ApiError, quiet: boolean, deps: Deps): void {
  switch (errorAction(error)) {
    case "offline":
      useNetworkStore.getState().setOnline(false)
      return
    case "logout":
      logOut(deps)
      return
    case "invitation":
      deps.navigate("/invitation")
      return
    case "activation":
      setTimeout(() => showActivationToast(deps.navigate), ACTIVATION_DELAY_MS)
      return
    case "silent":
      return
    case "toast":
      if (!quiet) showErrorToast(error)
  }
}

/** A 401: the session is flagged expired, the user removed, and the app goes to the sign-in page. */
function logOut({ queryClient, navigate, currentPath }: Deps): void {
  const session = useSessionStore.getState()
  session.markExpired()
  session.removeUser()
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] })
  queryClient.setQueryData(queryKeys.session, null)
  const path = currentPath()
  if (!path.startsWith("/login")) navigate(loginPath(path))
}

function showActivationToast(navigate: (path: string) => void): void {
  toast.error(i18next.t("app:activation.plan.description"), {
    duration: ACTIVATION_DURATION_MS,
    closeButton: true,
    action: { label: i18next.t("app:activation.activate"), onClick: () => navigate("/settings/plan") },
  })
}

function showErrorToast(error: ApiError): void {
  toast.error(errorMessage(error), {
    duration: ERROR_TOAST_MS,
    description: error.reason ? <CopyableText text={error.reason} /> : undefined,
  })
}
