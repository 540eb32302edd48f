// The server schedules tasks and cuts the daily digest's windows (8 AM, 8 PM) in the user's time zone, which it
// reads from settings › general `timeZone`. The browser knows it; this stores it once per browser session when
// the user opens a screen that depends on it.
import { useEffect } from "react"

const SYNCED_KEY = "tidings.timeZoneSynced"

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"
  } catch {
    return "UTC"
  }
}

export function useTimeZoneSync() {
  useEffect(() => {
    const zone = browserTimeZone()
    let stored: string | null = null
    try {
      stored = sessionStorage.getItem(SYNCED_KEY)
    } catch {
      // Storage off: store the zone on every visit instead.
    }
    if (stored === zone) return
    void import("../../api/settings.ts")
      .then(({ patchSettings }) => patchSettings("general", { timeZone: zone }))
      .then(() => {
        try {
          sessionStorage.setItem(SYNCED_KEY, zone)
        } catch {
          // as above
        }
      })
      .catch(() => {
        // Offline or signed out: the next visit tries again; until then the server uses UTC.
      })
  }, [])
}
