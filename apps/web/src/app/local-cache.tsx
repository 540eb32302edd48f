// Keeps the signed-in user's reading data in the local database (db/local-cache.ts) while the app runs, and runs
// their queue of changes made offline (queries/offline-writes.ts) from the start.
import { useQueryClient } from "@tanstack/react-query"
import { APP_VERSION } from "@tidings/shared"
import i18next from "i18next"
import { useEffect } from "react"
import { afterFirstScreen } from "../lib/first-screen.ts"
import { toast } from "../lib/toast.ts"
import { runOfflineWrites } from "../queries/offline-writes.ts"

/**
 * How long the first screen may wait for the server before the local copy is drawn instead. Shorter, the copy's
 * code (6 KB) would load before the first rows on an ordinary network and count against the first screen.
 */
export const LOCAL_COPY_WAIT_MS = 300

export function LocalCache({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => runOfflineWrites(queryClient, userId), [queryClient, userId])
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    // Started once the first screen is drawn from the server's answers, or after LOCAL_COPY_WAIT_MS without them
    // (at once when the browser knows it is offline): on a fast network it never competes with the first rows, on a
    // slow or absent one the local copy shows within the spec's second.
    if (navigator.onLine === false) void Promise.resolve().then(() => start())
    else void afterFirstScreen(LOCAL_COPY_WAIT_MS).then(() => void start())
    const start = () =>
      Promise.all([import("../db/client.ts"), import("../db/local-cache.ts")]).then(([db, local]) => {
        if (stopped) return
        const cache = local.startLocalCache(queryClient, db.localDatabase(), userId)
        // Once, the first start after this browser ran another version (the stored app_version said so).
        if (cache.upgraded) toast.success(i18next.t("app:version.updated", { version: APP_VERSION }))
        // Leaving the page before the write delay is over still sends what is pending (best effort: the browser may
        // stop the worker first).
        const leave = () => void cache.flush()
        window.addEventListener("pagehide", leave)
        stop = () => {
          window.removeEventListener("pagehide", leave)
          cache.stop()
        }
      })
    return () => {
      stopped = true
      stop?.()
    }
  }, [queryClient, userId])
  return null
}
