// Asking the service worker (src/sw/sw.ts) something from the page: the image cache's size, limit and clearing.
// Registration and updates are app/service-worker.ts.
import type { SwAnswer, SwRequest } from "../sw/protocol.ts"

/** Production builds in browsers that have service workers; development serves no /sw.js. */
export const serviceWorkerSupported = () => import.meta.env.PROD && "serviceWorker" in navigator

/** Asks the active worker; undefined when there is none or it does not answer in time. */
export async function askServiceWorker<T extends SwRequest>(
  message: T,
  timeoutMs = 5000,
): Promise<SwAnswer<T["type"]> | undefined> {
  if (!serviceWorkerSupported()) return undefined
  const registration = await navigator.serviceWorker.getRegistration("/")
  const worker = registration?.active
  if (!worker) return undefined
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel()
    const timer = setTimeout(() => resolve(undefined), timeoutMs)
    channel.port1.onmessage = (event) => {
      clearTimeout(timer)
      const data = event.data as { error?: string } | undefined
      if (data && typeof data === "object" && "error" in data) reject(new Error(String(data.error)))
      else resolve(event.data)
    }
    worker.postMessage(message, [channel.port2])
  })
}
