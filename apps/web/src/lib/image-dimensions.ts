// Image dimensions cached locally by src (spec client §3 "Local keys"): a picture whose feed gave no size is
// measured once when it loads, and the next time it is laid out (another page, the next start) its box already has
// the right height, so the masonry grid places it without a jump. Cleared when another user signs in here.
import { LOCAL_KEY_PREFIX } from "@tidings/shared"

export const IMAGE_DIMENSIONS_KEY = `${LOCAL_KEY_PREFIX}image_dimensions`
/** Sources kept; the oldest go first. A few hundred pictures fit a screenful of grids many times over. */
export const IMAGE_DIMENSIONS_MAX = 1000
/** Writes to local storage wait this long after the last measurement, so a grid's worth is one write. */
const WRITE_DELAY_MS = 1000

type Size = [width: number, height: number]

let sizes: Map<string, Size> | undefined
let timer: ReturnType<typeof setTimeout> | undefined

const storage = (): Storage | undefined => (typeof localStorage === "undefined" ? undefined : localStorage)

function load(): Map<string, Size> {
  if (sizes) return sizes
  sizes = new Map()
  try {
    const stored = JSON.parse(storage()?.getItem(IMAGE_DIMENSIONS_KEY) ?? "[]") as unknown
    if (Array.isArray(stored))
      for (const entry of stored)
        if (Array.isArray(entry) && typeof entry[0] === "string" && valid(entry[1], entry[2]))
          sizes.set(entry[0], [entry[1], entry[2]])
  } catch {
    // A damaged copy is only a cache: start again.
  }
  return sizes
}

const valid = (width: unknown, height: unknown): width is number =>
  typeof width === "number" && typeof height === "number" && width > 0 && height > 0 && Number.isFinite(width + height)

function save() {
  timer = undefined
  try {
    storage()?.setItem(IMAGE_DIMENSIONS_KEY, JSON.stringify([...load()].map(([src, [w, h]]) => [src, w, h])))
  } catch {
    // Storage full: the sizes stay in memory for this visit.
  }
}

/** The size measured for this source before, if any. */
export function imageDimensions(src: string | undefined): { width: number; height: number } | undefined {
  const size = src ? load().get(src) : undefined
  return size && { width: size[0], height: size[1] }
}

/** Keeps a loaded picture's natural size (nothing for a picture not yet decoded or one without a size). */
export function rememberImageDimensions(src: string, width: number, height: number): void {
  if (!src || !valid(width, height)) return
  const map = load()
  const known = map.get(src)
  if (known && known[0] === width && known[1] === height) return
  map.delete(src)
  map.set(src, [width, height])
  while (map.size > IMAGE_DIMENSIONS_MAX) map.delete(map.keys().next().value as string)
  timer ??= setTimeout(save, WRITE_DELAY_MS)
}

/** Forgets every size (another user on this browser). */
export function clearImageDimensions(): void {
  if (timer) clearTimeout(timer)
  timer = undefined
  sizes = new Map()
  storage()?.removeItem(IMAGE_DIMENSIONS_KEY)
}

/** Writes what is pending now (tests; leaving the page). */
export function flushImageDimensions(): void {
  if (!timer) return
  clearTimeout(timer)
  save()
}
