// The service worker's image cache: entry images kept in Cache Storage, their sizes and last use in IndexedDB, and
// the user's byte limit enforced by dropping the least recently used (image-lru.ts decides, this file applies).
// Images are asked for with CORS first, so their bytes can be counted; a host that refuses gets a plain request
// whose opaque answer is kept and counted at OPAQUE_IMAGE_BYTES.

import { type ImageCacheStatus, ImageLru, type ImageRecord, OPAQUE_IMAGE_BYTES, validLimit } from "./image-lru.ts"
import { IMAGE_CACHE } from "./protocol.ts"

const DB_NAME = "tidings-image-cache"
/** Images one prefetch message fetches at most, and at once. */
const PREFETCH_MAX = 200
const PREFETCH_PARALLEL = 4
const IMAGES = "images"
const META = "meta"

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function openIndex(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1)
  open.onupgradeneeded = () => {
    open.result.createObjectStore(IMAGES, { keyPath: "url" })
    open.result.createObjectStore(META)
  }
  return request(open)
}

async function write(db: IDBDatabase, run: (images: IDBObjectStore, meta: IDBObjectStore) => void): Promise<void> {
  const tx = db.transaction([IMAGES, META], "readwrite")
  run(tx.objectStore(IMAGES), tx.objectStore(META))
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve()
    tx.onerror = tx.onabort = () => reject(tx.error)
  })
}

/** Hosts seen refusing a CORS read in this worker's life: their images go straight to a plain request. */
const refusesCors = new Set<string>()

async function fetchImage(req: Request): Promise<Response> {
  const url = new URL(req.url)
  if (url.origin === self.location.origin || refusesCors.has(url.origin)) return fetch(req)
  try {
    return await fetch(req.url, {
      mode: "cors",
      credentials: "omit",
      referrer: req.referrer,
      referrerPolicy: req.referrerPolicy,
    })
  } catch (corsFailure) {
    // A refused CORS read and no network look alike; only a plain request that then works tells them apart.
    const response = await fetch(req).catch(() => undefined)
    if (!response) throw corsFailure
    refusesCors.add(url.origin)
    return response
  }
}

async function sizeOf(response: Response): Promise<{ bytes: number; estimated?: boolean }> {
  if (response.type === "opaque") return { bytes: OPAQUE_IMAGE_BYTES, estimated: true }
  return { bytes: (await response.clone().blob()).size }
}

/**
 * A worker stopped between storing an image and writing its record (or the other way round) leaves the two apart:
 * what only one side has is dropped, so the count always matches what is stored.
 */
async function reconcile(lru: ImageLru, db: IDBDatabase) {
  const cache = await caches.open(IMAGE_CACHE)
  const stored = new Set((await cache.keys()).map((key) => key.url))
  const unrecorded = [...stored].filter((url) => !lru.has(url))
  const missing = lru.urls().filter((url) => !stored.has(url))
  for (const url of missing) lru.remove(url)
  await Promise.all(unrecorded.map((url) => cache.delete(url)))
  if (missing.length)
    await write(db, (images) => {
      for (const url of missing) images.delete(url)
    })
}

export class ImageCache {
  private lru?: Promise<{ lru: ImageLru; db: IDBDatabase }>
  /** Changes one at a time, so two answers never count the same bytes twice. */
  private queue: Promise<unknown> = Promise.resolve()

  private state() {
    this.lru ??= (async () => {
      const db = await openIndex()
      const tx = db.transaction([IMAGES, META])
      const [records, limit] = await Promise.all([
        request(tx.objectStore(IMAGES).getAll() as IDBRequest<ImageRecord[]>),
        request(tx.objectStore(META).get("limit")),
      ])
      const lru = new ImageLru(validLimit(limit ?? undefined), records)
      await reconcile(lru, db)
      return { lru, db }
    })()
    return this.lru
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task)
    this.queue = run.catch((error: unknown) => console.warn("Image cache:", error))
    return run
  }

  /** Answers an image request: from the cache when kept (and marks the use), else from the network and keeps it. */
  async handle(req: Request, waitUntil: (promise: Promise<unknown>) => void): Promise<Response> {
    const cache = await caches.open(IMAGE_CACHE)
    const hit = await cache.match(req.url, { ignoreVary: true })
    if (hit) {
      waitUntil(this.serially(() => this.touch(req.url)))
      return hit
    }
    const response = await fetchImage(req)
    // 206 (a range) cannot be stored; other errors are not worth keeping.
    if (response.status === 200 || response.type === "opaque") {
      // Copied now: by the time the queue gets to it, the page has read the original.
      const copy = response.clone()
      waitUntil(this.serially(() => this.keep(req.url, copy)))
    }
    return response
  }

  private async touch(url: string) {
    const { lru, db } = await this.state()
    const record = lru.touch(url, Date.now())
    if (record) await write(db, (images) => images.put(record))
  }

  private async keep(url: string, response: Response) {
    const { lru, db } = await this.state()
    if (lru.limit === 0) return
    const size = await sizeOf(response)
    const cache = await caches.open(IMAGE_CACHE)
    await cache.put(url, response)
    const record: ImageRecord = { url, usedAt: Date.now(), ...size }
    const evicted = lru.add(record)
    await write(db, (images) => {
      if (!evicted.includes(url)) images.put(record)
      for (const gone of evicted) images.delete(gone)
    })
    await Promise.all(evicted.map((gone) => cache.delete(gone)))
  }

  /**
   * Fetches and keeps the images not kept yet, a few at a time, as if shown. Nothing when the user keeps no images;
   * an image that cannot be fetched now is left for when it is shown.
   */
  async prefetch(urls: string[]): Promise<ImageCacheStatus> {
    const { lru } = await this.state()
    if (lru.limit > 0) {
      const cache = await caches.open(IMAGE_CACHE)
      const wanted = [...new Set(urls)].filter((url) => /^https?:/.test(url) && !lru.has(url)).slice(0, PREFETCH_MAX)
      const next = async (): Promise<void> => {
        const url = wanted.shift()
        if (!url) return
        if (!(await cache.match(url, { ignoreVary: true })))
          try {
            const response = await fetchImage(new Request(url, { mode: "no-cors", credentials: "omit" }))
            if (response.status === 200 || response.type === "opaque")
              await this.serially(() => this.keep(url, response))
          } catch {
            // Offline, or the host is gone: the image is tried again when it is shown.
          }
        return next()
      }
      await Promise.all(Array.from({ length: PREFETCH_PARALLEL }, next))
    }
    return this.status()
  }

  status(): Promise<ImageCacheStatus> {
    return this.serially(async () => (await this.state()).lru.status())
  }

  setLimit(bytes: number): Promise<ImageCacheStatus> {
    return this.serially(async () => {
      const { lru, db } = await this.state()
      const evicted = lru.setLimit(validLimit(bytes))
      await write(db, (images, meta) => {
        meta.put(lru.limit, "limit")
        for (const gone of evicted) images.delete(gone)
      })
      const cache = await caches.open(IMAGE_CACHE)
      await Promise.all(evicted.map((gone) => cache.delete(gone)))
      return lru.status()
    })
  }

  clear(): Promise<ImageCacheStatus> {
    return this.serially(async () => {
      const { lru, db } = await this.state()
      lru.clear()
      await write(db, (images) => images.clear())
      await caches.delete(IMAGE_CACHE)
      return lru.status()
    })
  }
}
