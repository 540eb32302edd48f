// The bookkeeping of the offline image cache: which images are kept, how many bytes each takes and when each was
// last shown, and which to drop when the user's byte limit is exceeded (least recently used first). Pure, so it is
// tested in Node; the service worker (image-cache.ts) applies its answers to Cache Storage and IndexedDB.

/** Default limit of the image cache (Settings › data control). */
export const DEFAULT_IMAGE_CACHE_BYTES = 200 * 1024 * 1024
/** The choices the settings page offers, in MB; 0 turns the cache off. */
export const IMAGE_CACHE_LIMIT_CHOICES_MB = [0, 50, 100, 200, 500, 1024, 2048] as const
/**
 * What an image from a host that does not allow cross-origin reads is counted as. The browser hides such a response's
 * body and length from us (an opaque response), so its real size cannot be known; this is above what most feed
 * images weigh, so the real total stays under the limit the user chose.
 */
export const OPAQUE_IMAGE_BYTES = 512 * 1024

export interface ImageRecord {
  url: string
  bytes: number
  /** ms since the epoch when the image was stored or last served. */
  usedAt: number
  /** True when `bytes` is OPAQUE_IMAGE_BYTES rather than the measured size. */
  estimated?: boolean
}

export interface ImageCacheStatus {
  bytes: number
  count: number
  limit: number
}

/** The kept images in least-recently-used order, with their total. */
export class ImageLru {
  private readonly records = new Map<string, ImageRecord>()
  private total = 0

  constructor(
    public limit: number,
    records: Iterable<ImageRecord> = [],
  ) {
    for (const record of records) this.set(record)
  }

  has(url: string): boolean {
    return this.records.has(url)
  }

  get(url: string): ImageRecord | undefined {
    return this.records.get(url)
  }

  urls(): string[] {
    return [...this.records.keys()]
  }

  status(): ImageCacheStatus {
    return { bytes: this.total, count: this.records.size, limit: this.limit }
  }

  /** Marks an image as just shown; the record to store again, or undefined when it is not kept. */
  touch(url: string, now: number): ImageRecord | undefined {
    const record = this.records.get(url)
    if (!record) return undefined
    const touched = { ...record, usedAt: Math.max(now, record.usedAt) }
    this.set(touched)
    return touched
  }

  /**
   * Keeps a new (or replaced) image and answers the urls to delete to stay within the limit, oldest use first.
   * An image larger than the whole limit is not kept: its own url is among the answer.
   */
  add(record: ImageRecord): string[] {
    this.set(record)
    return this.evict()
  }

  /** A new limit; the urls to delete to meet it. */
  setLimit(limit: number): string[] {
    this.limit = limit
    return this.evict()
  }

  remove(url: string): void {
    const record = this.records.get(url)
    if (!record) return
    this.total -= record.bytes
    this.records.delete(url)
  }

  clear(): void {
    this.records.clear()
    this.total = 0
  }

  private set(record: ImageRecord) {
    this.remove(record.url)
    this.records.set(record.url, record)
    this.total += record.bytes
  }

  private evict(): string[] {
    if (this.total <= this.limit) return []
    // Map order is insertion order, but touches re-insert and stored records arrive in any order: sort by use.
    const oldestFirst = [...this.records.values()].sort((a, b) => a.usedAt - b.usedAt)
    const evicted: string[] = []
    for (const record of oldestFirst) {
      if (this.total <= this.limit) break
      this.remove(record.url)
      evicted.push(record.url)
    }
    return evicted
  }
}

/** A limit read from storage or a message: a whole number of bytes, at least 0; anything else is the default. */
export function validLimit(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_IMAGE_CACHE_BYTES
}
