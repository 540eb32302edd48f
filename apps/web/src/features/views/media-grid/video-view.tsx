// The Videos view: a grid of posters with durations; a click opens the video player.
import { useNow } from "../../../lib/use-now.ts"
import { useSettingsStore } from "../../../stores/settings-store.ts"
import type { EntryListProps } from "../../timeline/entry-list.tsx"
import { useOpenMedia } from "../use-open-media.ts"
import { MediaGrid } from "./media-grid.tsx"
import { VIDEO_CAPTION_REM, VideoCard, videoBoxRatio } from "./video-card.tsx"

export default function VideoView(props: EntryListProps) {
  const textSize = useSettingsStore((state) => state.ui.uiTextSize)
  const now = useNow()
  const { openVideo } = useOpenMedia()
  return (
    <MediaGrid
      // Card heights are laid out once per text size: a new size lays the grid out again.
      key={textSize}
      testId="video-grid"
      items={props.items}
      hasNextPage={props.hasNextPage}
      fetchingNextPage={props.fetchingNextPage}
      fetchNextPage={props.fetchNextPage}
      minColumnWidth={240}
      estimateHeight={(item, width) => width / videoBoxRatio(item) + VIDEO_CAPTION_REM * textSize}
      renderCard={(item) => <VideoCard item={item} now={now} onOpen={openVideo} />}
    />
  )
}
