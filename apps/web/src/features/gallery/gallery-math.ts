// Gallery rules kept apart from the DOM: wrap-around paging and what counts as a swipe.

export const SWIPE_MIN_PX = 50
export const ZOOM_SCALE = 2

/** The picture after moving `step` from `current`, wrapping at both ends. */
export function nextIndex(current: number, step: number, count: number): number {
  if (count <= 0) return 0
  return (((current + step) % count) + count) % count
}

/** +1 (next) for a leftward swipe, -1 (previous) for a rightward one, 0 when the move is short or mostly vertical. */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0
  return dx < 0 ? 1 : -1
}
