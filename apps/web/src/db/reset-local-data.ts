// "Reset local data" (settings › data control and the error page): everything this app keeps in this browser —
// its keys in local and session storage, its Cache Storage and the local database. The server keeps everything.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"
import { markLocalDataReset } from "../lib/local-reset.ts"
import { localDatabase } from "./client.ts"

const DATABASE_RESET_WAIT_MS = 3000

export async function resetLocalData(): Promise<void> {
  markLocalDataReset()
  // The database may be what broke (the error page): it gets a few seconds, and the rest is cleared regardless.
  const reset = localDatabase()
    .reset()
    .then(
      () => true,
      () => false,
    )
  const wait = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DATABASE_RESET_WAIT_MS))
  if (!(await Promise.race([reset, wait]))) {
    // Its worker did not answer: remove the pool's folder from the page (works once no worker holds its files).
    await navigator.storage
      ?.getDirectory()
      .then((root) => root.removeEntry(".WA_SQLITE", { recursive: true }))
      .catch(() => {})
  }
  for (const store of [localStorage, sessionStorage])
    for (const key of Object.keys(store)) if (key.startsWith(LOCAL_KEY_PREFIX)) store.removeItem(key)
  // The worker's image cache keeps its sizes beside the images: it empties both, so its count stays right.
  await import("../lib/service-worker-client.ts")
    .then(({ askServiceWorker }) => askServiceWorker({ type: "IMAGE_CACHE_CLEAR" }, 2000))
    .catch(() => undefined)
  if ("caches" in window) for (const name of await caches.keys()) await caches.delete(name)
}
