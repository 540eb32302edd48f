// One found feed as a card: icon, title, site, description, readers here and updates per week. Opening it shows
// its latest entries and the subscribe form in the card.
import type { Feed } from "@tidings/shared"
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { FoundFeed } from "../../api/discover.ts"
import { DisclosureButton } from "../../components/ui/disclosure-button.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { FeedOwner } from "../profiles/feed-owner.tsx"
import { FeedPanel, useFollowed } from "./feed-panel.tsx"

function siteOf(feed: Feed): string {
  const address = feed.siteUrl ?? feed.url
  try {
    const url = new URL(address)
    return url.protocol === "rsshub:" ? address : url.host + (url.pathname === "/" ? "" : url.pathname)
  } catch {
    return address
  }
}

export function FeedCard({ found, startOpen = false }: { found: FoundFeed; startOpen?: boolean }) {
  const { t, i18n } = useTranslation("discover")
  const { feed } = found
  const [open, setOpen] = useState(startOpen)
  const panelId = useId()
  const followed = useFollowed(feed.id)
  const title = feed.title ?? feed.url
  const number = (value: number) => formatShortNumber(value, i18n.language)

  return (
    <li
      className={cx(
        "min-w-0 overflow-hidden rounded-xl border border-line bg-surface shadow-xs dark:bg-surface-raised",
        // Open, the preview and the form need the whole width.
        open && "lg:col-span-2",
      )}
      data-testid="discover-feed-card"
      data-feed-id={feed.id}
    >
      <div className="flex items-start gap-3 p-3">
        <FeedIcon title={title} image={feed.image} className="mt-0.5 size-8 rounded-lg" />
        <div className="min-w-0 flex-1">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <span className="min-w-0 truncate">{title}</span>
            {followed && (
              <span className="shrink-0 rounded-full bg-accent/15 px-2 py-0.5 text-[0.6875rem] font-medium text-accent-strong">
                {t("following")}
              </span>
            )}
          </h3>
          <p className="truncate text-xs text-ink-soft">{siteOf(feed)}</p>
          {feed.description && <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{feed.description}</p>}
          <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-faint">
            {found.subscriptionCount !== null && (
              <span data-testid="discover-followers">
                {t("followers", { count: found.subscriptionCount, number: number(found.subscriptionCount) })}
              </span>
            )}
            {found.updatesPerWeek !== null && (
              <span>{t("per_week", { number: number(Math.round(found.updatesPerWeek * 10) / 10) })}</span>
            )}
            <FeedOwner ownerUserId={feed.ownerUserId} />
          </p>
        </div>
        <DisclosureButton
          open={open}
          controls={panelId}
          openLabel={followed ? t("preview") : t("preview_subscribe")}
          closeLabel={t("close")}
          onToggle={() => setOpen(!open)}
          testId="discover-feed-open"
        />
      </div>
      <div id={panelId}>{open && <FeedPanel feed={feed} />}</div>
    </li>
  )
}

/** openSingle: one feed found by a search opens straight away, since the reader came for it. */
export function FeedCardGrid(props: { items: FoundFeed[]; testId?: string; openSingle?: boolean }) {
  const { items } = props
  return (
    <ul className="grid gap-3 lg:grid-cols-2" data-testid={props.testId}>
      {items.map((found) => (
        <FeedCard key={found.feed.id} found={found} startOpen={Boolean(props.openSingle) && items.length === 1} />
      ))}
    </ul>
  )
}
