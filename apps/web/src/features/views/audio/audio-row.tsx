// One podcast episode: a play/pause button for its audio enclosure, title, feed, time and duration.
import { memo } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { FeedIcon } from "../../../components/ui/feed-icon.tsx"
import { cx } from "../../../lib/cx.ts"
import { formatEntryTime } from "../../../lib/format-date.ts"
import { formatMediaTime } from "../../../lib/media-time.ts"
import { sourceTitle } from "../../../lib/source-title.ts"
import { useEffectiveUi } from "../../../stores/settings-store.ts"
import { useRowTranslation } from "../../ai/use-timeline-translation.ts"
import { playerStore } from "../../player/player-store.ts"
import { usePlayer } from "../../player/use-player.ts"
import type { EntryRowProps } from "../../timeline/entry-row.tsx"
import { entryAudio, entryThumbnail } from "../entry-media.ts"
import { MediaIcon } from "../media-icons.tsx"

export const AudioRow = memo(function AudioRow({ item, to, active, date, now }: EntryRowProps) {
  const { t, i18n } = useTranslation(["views", "app"])
  const dateFormat = useEffectiveUi("dateFormat")
  const { entries: entry, feeds: feed } = item
  const audio = entryAudio(entry)
  const current = usePlayer((state) => state.src !== null && state.src === audio?.url)
  const status = usePlayer((state) => state.status)
  const playingHere = current && status !== "paused"
  const title = entry.title || t("app:entry.untitled")
  const translation = useRowTranslation(entry.id, item.settings)
  const translatedTitle = translation?.data.title
  const feedTitle = sourceTitle(feed)

  const onPlay = () => {
    if (!audio) return
    const player = playerStore.getState()
    if (current && player.show) {
      player.toggle()
      return
    }
    player.mount({ src: audio.url, entryId: entry.id, title, feedTitle, image: entryThumbnail(entry) ?? feed.image })
  }

  return (
    <div
      data-testid="audio-row"
      data-entry-id={entry.id}
      data-read={item.read ? "true" : "false"}
      className={cx(
        "mx-2 my-0.5 flex items-center gap-3 rounded-xl px-3 py-2.5",
        active ? "bg-accent/10 dark:bg-accent/15" : "hover:bg-hover",
      )}
    >
      <div className="relative shrink-0">
        <FeedIcon
          title={feedTitle}
          image={entryThumbnail(entry) ?? feed.image}
          className="size-12 rounded-lg text-base"
        />
        {audio && (
          <button
            type="button"
            data-testid="audio-play"
            onClick={onPlay}
            aria-label={playingHere ? t("player.pause") : t("player.play_title", { title })}
            aria-pressed={playingHere}
            className="absolute inset-0 flex items-center justify-center rounded-lg bg-black/35 text-white opacity-90 hover:bg-black/50"
          >
            <MediaIcon name={playingHere ? "pause" : "play"} className="size-5" />
          </button>
        )}
      </div>
      <Link to={to} aria-current={active ? "page" : undefined} className="min-w-0 flex-1">
        <h3
          className={cx(
            "line-clamp-2 text-[0.875rem] leading-snug",
            item.read ? "text-ink-soft" : "font-semibold text-ink",
          )}
        >
          {(translation?.only && translatedTitle) || title}
          {!item.read && <span className="sr-only"> ({t("app:entry.unread")})</span>}
        </h3>
        {translatedTitle && !translation.only && (
          <p lang={translation.language} className="line-clamp-1 text-[0.8125rem] text-ink-soft">
            {translatedTitle}
          </p>
        )}
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-faint">
          <span className="min-w-0 truncate">{feedTitle}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={date.toISOString()} className="shrink-0">
            {formatEntryTime(date, now, i18n.language, dateFormat)}
          </time>
          {audio?.duration != null && (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="audio-duration" className="shrink-0 tabular-nums">
                {formatMediaTime(audio.duration)}
              </span>
            </>
          )}
        </p>
      </Link>
    </div>
  )
})
