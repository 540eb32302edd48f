// The daily report's windows in the browser's time zone (the one it stores for the server): each ends at 8 AM or
// 8 PM local time. Dates are moved with local-time setters, so a DST change gives an 11- or 13-hour window, as on
// the server.
const HOURS = [8, 20]

/** The latest 8 AM / 8 PM boundary at or before `at`. */
export function boundaryAtOrBefore(at: Date): Date {
  for (let back = 0; back <= 2; back++) {
    for (const hour of [...HOURS].reverse()) {
      const b = new Date(at)
      b.setDate(b.getDate() - back)
      b.setHours(hour, 0, 0, 0)
      if (b.getTime() <= at.getTime()) return b
    }
  }
  throw new Error("no boundary")
}

export function previousBoundary(b: Date): Date {
  return boundaryAtOrBefore(new Date(b.getTime() - 1))
}

export function nextBoundary(b: Date): Date {
  const next = new Date(b)
  if (b.getHours() < 20) next.setHours(20, 0, 0, 0)
  else {
    next.setDate(next.getDate() + 1)
    next.setHours(8, 0, 0, 0)
  }
  return next
}

/** The start of the latest window that has ended by `now`. */
export function latestWindowStart(now: Date): Date {
  return previousBoundary(boundaryAtOrBefore(now))
}
