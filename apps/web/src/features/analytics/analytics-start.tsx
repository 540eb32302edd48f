// Starts analytics once the server's configuration is known: app and UI start, then identify when a user is known.
import { useEffect, useRef } from "react"
import { setAnalyticsEndpoint, track } from "../../lib/analytics.ts"
import { useStatusConfigs } from "../../queries/status.ts"
import { useSessionStore } from "../../stores/session-store.ts"

export function AnalyticsStart() {
  const endpoint = useStatusConfigs().data?.ANALYTICS_URL
  const userId = useSessionStore((state) => state.whoami?.id)
  const started = useRef(false)
  const identified = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (endpoint === undefined) return
    setAnalyticsEndpoint(endpoint)
    if (started.current) return
    started.current = true
    track("app_init")
    track("ui_render_init")
  }, [endpoint])

  useEffect(() => {
    if (endpoint === undefined || !userId || identified.current === userId) return
    identified.current = userId
    track("identify")
  }, [endpoint, userId])

  return null
}
