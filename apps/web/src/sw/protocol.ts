// What the page and the service worker say to each other (postMessage; the answer comes back on a MessageChannel
// port, as workbox-window's messageSW expects). Plain types, shared by both sides.
import type { ImageCacheStatus } from "./image-lru.ts"

export type SwRequest =
  | { type: "IMAGE_CACHE_STATUS" }
  | { type: "IMAGE_CACHE_LIMIT"; bytes: number }
  | { type: "IMAGE_CACHE_CLEAR" }
  // The images of the entries the local database keeps, fetched ahead so a kept entry opens offline with them.
  | { type: "IMAGE_PREFETCH"; urls: string[] }
  | { type: "VERSION" }
  // workbox-window's own messages: activate a waiting worker; cache what the page loaded before it was controlled.
  | { type: "SKIP_WAITING" }
  | { type: "CACHE_URLS"; payload: { urlsToCache: string[] } }

export type SwAnswer<T extends SwRequest["type"]> = T extends "VERSION"
  ? { version: string }
  : T extends `IMAGE_CACHE_${string}` | "IMAGE_PREFETCH"
    ? ImageCacheStatus
    : undefined

/** Cache Storage names, kept here so the page can tell its own caches from the worker's. */
export const IMAGE_CACHE = "tidings-images"
export const CODE_CACHE = "tidings-code"
