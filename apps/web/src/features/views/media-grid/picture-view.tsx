// The Pictures view: masonry (pictureViewMasonry, on by default) or an even grid with thumbnailRatio cells.
import type { EntryListItem } from "@tidings/shared"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import { useNow } from "../../../lib/use-now.ts"
import { useSettingsStore } from "../../../stores/settings-store.ts"
import type { EntryListProps } from "../../timeline/entry-list.tsx"
import { useOpenMedia } from "../use-open-media.ts"
import { MediaGrid } from "./media-grid.tsx"
import { CAPTION_REM, PictureCard, pictureBoxHeight } from "./picture-card.tsx"

export default function PictureView(props: EntryListProps) {
  const masonry = useSettingsStore((state) => state.ui.pictureViewMasonry)
  const square = useSettingsStore((state) => state.ui.thumbnailRatio) === "square"
  const textSize = useSettingsStore((state) => state.ui.uiTextSize)
  const now = useNow()
  const { openGallery } = useOpenMedia()
  const { t: tViews } = useTranslation("views")
  // Stable while the reader scrolls and pages arrive: the grid's placed cards then keep equal props.
  const estimateHeight = useCallback(
    (item: EntryListItem, width: number) => pictureBoxHeight(item, width, masonry) + CAPTION_REM * textSize,
    [masonry, textSize],
  )
  const renderCard = useCallback(
    (item: EntryListItem) => (
      <PictureCard item={item} masonry={masonry} square={square} now={now} onOpen={openGallery} tViews={tViews} />
    ),
    [masonry, square, now, openGallery, tViews],
  )
  return (
    <MediaGrid
      key={`${masonry ? "masonry" : "grid"}-${textSize}`}
      testId="picture-grid"
      items={props.items}
      hasNextPage={props.hasNextPage}
      fetchingNextPage={props.fetchingNextPage}
      fetchNextPage={props.fetchNextPage}
      minColumnWidth={masonry ? 170 : 150}
      estimateHeight={estimateHeight}
      renderCard={renderCard}
    />
  )
}
