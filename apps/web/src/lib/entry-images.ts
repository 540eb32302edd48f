// The pictures an entry shows (the <img> of its content and its photo media), so the service worker can fetch the
// images of the entries kept offline before they are opened (spec client §4 "Reading caches").
import type { Media } from "@tidings/shared"
import type { SwRequest } from "../sw/protocol.ts"
import { serviceWorkerSupported } from "./service-worker-client.ts"

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)')/gi

/** The web addresses of an entry's pictures (http and https only; a data: image needs no fetching). */
export function entryImages(content: string | null | undefined, media?: Media[] | null): string[] {
  const urls: string[] = []
  for (const match of (content ?? "").matchAll(IMG_SRC)) urls.push(decode(match[1] ?? match[2] ?? ""))
  for (const item of media ?? []) if (item.type === "photo") urls.push(item.url)
  return [...new Set(urls.filter((url) => /^https?:\/\//i.test(url)))]
}

function decode(attribute: string): string {
  return attribute
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()
}

/** Hands the addresses to the service worker, which keeps them within the user's image limit; no answer awaited. */
export function prefetchImages(urls: string[]): void {
  if (!urls.length || !serviceWorkerSupported()) return
  const message: SwRequest = { type: "IMAGE_PREFETCH", urls }
  navigator.serviceWorker.controller?.postMessage(message)
}
