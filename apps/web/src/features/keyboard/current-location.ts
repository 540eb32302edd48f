// The timeline location of the address bar right now (not of the last render).
import { parseTimelineLocation, type TimelineLocation } from "../../lib/route-ids.ts"

export function currentTimelineLocation(pathname = window.location.pathname): TimelineLocation | undefined {
  const [, section, timelineId, feedId, entryId] = pathname.split("/").map(decodeURIComponent)
  if (section !== "timeline" || !timelineId || !feedId) return undefined
  return parseTimelineLocation({ timelineId, feedId, entryId })
}
