// The Videos view: a grid of posters with durations; a click opens the video player.
import type { EntryListItem } from "@tidings/shared"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
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
  const { t: tViews } = useTranslation("views")
  // Stable while the reader scrolls and pages arrive: the grid's placed cards then keep equal props.
  const estimateHeight = useCallback(
    (item: EntryListItem, width: number) => width / videoBoxRatio(item) + VIDEO_CAPTION_REM * textSize,
    [textSize],
  )
  const renderCard = useCallback(
    (item: EntryListItem) => <VideoCard item={item} now={now} onOpen={openVideo} tViews={tViews} />,
    [now, openVideo, tViews],
  )
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
      estimateHeight={estimateHeight}
      renderCard={renderCard}
    />
  )
}
