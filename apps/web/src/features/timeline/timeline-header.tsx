// Above the entry list: what is shown, its unread count, and the list's actions.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { useIsMobile } from "../../lib/use-media-query.ts"
import type { MarkAllReadRequest } from "../../queries/reads.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { OfflineIndicator } from "../connectivity/offline-indicator.tsx"
import { FeedOwner } from "../profiles/feed-owner.tsx"
import { MarkAllReadButton } from "./mark-all-read-button.tsx"

export interface TimelineHeaderProps {
  title: string
  unread: number | undefined
  /** A claimed feed's owner, named under its title. */
  ownerUserId?: string | null
  markAllRead: MarkAllReadRequest | undefined
  refreshing: boolean
  onRefresh: () => void
  showUnreadToggle: boolean
  /** The Pictures view offers masonry or an even grid (pictureViewMasonry). */
  showPictureLayout?: boolean
  leading?: ReactNode
  /** Buttons of the view shown (the daily report in Articles and Social media). */
  actions?: ReactNode
  /** More buttons before refresh (the AI timeline's). */
  tools?: ReactNode
}

export function TimelineHeader(props: TimelineHeaderProps) {
  const { t, i18n } = useTranslation()
  const unreadOnly = useSettingsStore((state) => state.general.unreadOnly)
  const setGeneral = useSettingsStore((state) => state.setGeneral)
  const mobile = useIsMobile()

  return (
    // In a list narrowed to its limit (beside the AI column, decision 0009) the buttons close up, so the title keeps
    // a word's room.
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-line px-4 max-lg:px-2 @max-xs:gap-0 @max-xs:px-2">
      {props.leading}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-[0.9375rem] font-semibold" data-testid="timeline-title">
          {props.title}
        </h1>
        <div className="flex min-w-0 items-center gap-1.5 text-xs">
          {props.unread !== undefined && (
            <p className="shrink-0 whitespace-nowrap text-ink-faint" data-testid="timeline-unread">
              {t("timeline.unread_count", {
                count: props.unread,
                formatted: formatShortNumber(props.unread, i18n.language),
              })}
            </p>
          )}
          <FeedOwner ownerUserId={props.ownerUserId} className="text-ink-faint" />
          {mobile && <OfflineIndicator inline />}
        </div>
      </div>
      {props.showPictureLayout && <PictureLayoutToggle />}
      {props.actions}
      {props.showUnreadToggle && (
        <Button
          variant="ghost"
          size="icon"
          aria-pressed={unreadOnly}
          aria-label={t("timeline.unread_only")}
          title={unreadOnly ? t("timeline.show_all") : t("timeline.unread_only")}
          onClick={() => setGeneral({ unreadOnly: !unreadOnly })}
          className={cx(unreadOnly && "text-accent! hover:text-accent-strong!")}
          data-testid="unread-only-toggle"
        >
          <Icon name="circle" filled={unreadOnly} className="size-3.5" />
        </Button>
      )}
      {props.tools}
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("timeline.refresh")}
        title={t("timeline.refresh")}
        onClick={props.onRefresh}
        data-testid="refresh-entries"
      >
        <Icon name="refresh" className={cx("size-4", props.refreshing && "animate-spin")} />
      </Button>
      <MarkAllReadButton request={props.markAllRead} disabled={props.unread === 0} />
    </header>
  )
}

function PictureLayoutToggle() {
  const { t } = useTranslation()
  const masonry = useSettingsStore((state) => state.ui.pictureViewMasonry)
  const setUi = useSettingsStore((state) => state.setUi)
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-pressed={masonry}
      aria-label={t("timeline.picture_layout.masonry")}
      title={masonry ? t("timeline.picture_layout.show_grid") : t("timeline.picture_layout.show_masonry")}
      onClick={() => setUi({ pictureViewMasonry: !masonry })}
      data-testid="picture-layout-toggle"
    >
      <Icon name={masonry ? "layoutMasonry" : "layoutGrid"} className="size-4" />
    </Button>
  )
}
