// Keeps the signed-in user's reading data in the local database (db/local-cache.ts) while the app runs.
import { useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { localDatabase } from "../db/client.ts"
import { startLocalCache } from "../db/local-cache.ts"

export function LocalCache({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const cache = startLocalCache(queryClient, localDatabase(), userId)
    // Leaving the page before the write delay is over still sends what is pending (best effort: the browser may
    // stop the worker first).
    const leave = () => void cache.flush()
    window.addEventListener("pagehide", leave)
    return () => {
      window.removeEventListener("pagehide", leave)
      cache.stop()
    }
  }, [queryClient, userId])
  return null
}
