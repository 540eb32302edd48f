// The Videos view: a grid of posters with durations; a click opens the video player.
import { useNow } from "../../../lib/use-now.ts"
import type { EntryListProps } from "../../timeline/entry-list.tsx"
import { useOpenMedia } from "../use-open-media.ts"
import { MediaGrid } from "./media-grid.tsx"
import { VIDEO_CAPTION_HEIGHT, VideoCard, videoBoxRatio } from "./video-card.tsx"

export default function VideoView(props: EntryListProps) {
  const now = useNow()
  const { openVideo } = useOpenMedia()
  return (
    <MediaGrid
      testId="video-grid"
      items={props.items}
      hasNextPage={props.hasNextPage}
      fetchingNextPage={props.fetchingNextPage}
      fetchNextPage={props.fetchNextPage}
      minColumnWidth={240}
      estimateHeight={(item, width) => width / videoBoxRatio(item) + VIDEO_CAPTION_HEIGHT}
      renderCard={(item) => <VideoCard item={item} now={now} onOpen={openVideo} />}
    />
  )
}
