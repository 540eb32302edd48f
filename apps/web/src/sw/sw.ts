// The service worker: the app shell precached (so the app opens without a network), the code chunks of screens
// cached as they are used, navigations answered with the cached shell, and entry images kept in a byte-limited LRU
// cache. API calls are never answered here: the page's local database and persisted query cache hold the data.
// A new version waits until the page asks it to take over (the "reload to update" toast), so a page never runs
// code from two builds.
import { clientsClaim } from "workbox-core"
import { ExpirationPlugin } from "workbox-expiration"
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching"
import { NavigationRoute, registerRoute } from "workbox-routing"
import { CacheFirst } from "workbox-strategies"
import { ImageCache } from "./image-cache.ts"
import { CODE_CACHE, type SwRequest } from "./protocol.ts"
import { type PushInPage, type PushKind, pushAction, readPushChoices } from "./push-choices.ts"

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] }
const manifest = self.__WB_MANIFEST
/** Which build this worker is (a hash of what it precaches), so a page and a test can tell two workers apart. */
const BUILD = hashOf(JSON.stringify(manifest))

function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

precacheAndRoute(manifest)
cleanupOutdatedCaches()

// Every path the server does not answer itself is the app (apps/server/src/web.ts does the same online).
registerRoute(
  // The MCP OAuth callback is a server route the authorization server sends the browser to, not an app screen.
  new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/better-auth\//, /^\/mcp\//] }),
)

// Hashed code chunks not precached (screens that load on demand): kept once used, so the last-used screens open
// offline. Their names never change content, so the cache answers first; old builds' chunks age out by count.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith("/assets/") && request.method === "GET",
  new CacheFirst({
    cacheName: CODE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
)

const images = new ImageCache()

// Images of entries (hosts other than ours), counted against the user's byte limit.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    request.destination === "image" &&
    url.origin !== self.location.origin &&
    /^https?:$/.test(url.protocol),
  {
    handle: ({ request, event }) => images.handle(request, (promise) => (event as ExtendableEvent).waitUntil(promise)),
  },
)

async function answer(message: SwRequest): Promise<unknown> {
  switch (message.type) {
    case "IMAGE_CACHE_STATUS":
      return images.status()
    case "IMAGE_CACHE_LIMIT":
      return images.setLimit(message.bytes)
    case "IMAGE_CACHE_CLEAR":
      return images.clear()
    case "IMAGE_PREFETCH":
      return images.prefetch(Array.isArray(message.urls) ? message.urls.filter((url) => typeof url === "string") : [])
    case "VERSION":
      return { version: BUILD }
    case "SKIP_WAITING":
      await self.skipWaiting()
      return undefined
    default:
      // CACHE_URLS is answered by workbox-routing's own listener.
      return undefined
  }
}

self.addEventListener("message", (event) => {
  const message = event.data as SwRequest | undefined
  if (!message || typeof message !== "object" || message.type === "CACHE_URLS") return
  event.waitUntil(
    answer(message).then(
      (reply) => event.ports[0]?.postMessage(reply),
      (error: unknown) => event.ports[0]?.postMessage({ error: String(error) }),
    ),
  )
})

// Web Push (the server's push/ module): the message is {kind, title, body, url, tag}, already decrypted by the
// browser. This device's choices (push-choices.ts) decide: a system notification, the visible Tidings page told
// instead (it shows a toast), or nothing for a kind turned off. A click focuses a Tidings tab and takes it to the
// url, or opens one there.
interface PushMessage {
  kind?: PushKind
  title?: string
  body?: string
  url?: string
  tag?: string
}

self.addEventListener("push", (event) => {
  let message: PushMessage = {}
  try {
    message = (event.data?.json() ?? {}) as PushMessage
  } catch {
    message = { body: event.data?.text() ?? "" }
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/"
  const title = message.title || "Tidings"
  event.waitUntil(
    (async () => {
      const [choices, windows] = await Promise.all([
        readPushChoices(),
        self.clients.matchAll({ type: "window", includeUncontrolled: true }),
      ])
      const visible = windows.filter((client) => client.visibilityState === "visible")
      const action = pushAction(message.kind, choices, visible.length > 0)
      if (action === "drop") return
      if (action === "page") {
        const inPage: PushInPage = { type: "TIDINGS_PUSH", title, body: message.body ?? "", url }
        for (const client of visible) client.postMessage(inPage)
        return
      }
      await self.registration.showNotification(title, {
        body: message.body ?? "",
        tag: message.tag,
        icon: "/icon-192.png",
        data: { url },
      })
    })(),
  )
})

self.addEventListener("notificationclick", (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: string } | undefined)?.url ?? "/"
  const target = new URL(path, self.location.origin).href
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        const focused = await open.focus()
        await focused.navigate(target).catch(() => undefined)
        return
      }
      await self.clients.openWindow(target)
    })(),
  )
})

// The first worker takes the open page at once (nothing to be out of step with); an update takes it only after
// SKIP_WAITING, and the page then reloads itself once.
clientsClaim()
