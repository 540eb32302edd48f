// The timeline route's parsed ids, for any component under it.
import { useMemo } from "react"
import { useParams } from "react-router"
import { parseTimelineLocation, type TimelineLocation } from "./route-ids.ts"

export function useTimelineLocation(): TimelineLocation {
  const { timelineId, feedId, entryId } = useParams()
  return useMemo(() => parseTimelineLocation({ timelineId, feedId, entryId }), [timelineId, feedId, entryId])
}
