// A category folder: opens its own timeline (folder-<name>) on click, shows or hides its feeds with the chevron.
import type { FeedSubscription } from "@tidings/shared"
import type { MouseEvent } from "react"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { type FeedSelection, sameSelection, timelinePath } from "../../lib/route-ids.ts"
import { folderKey, useSidebarStore } from "../../stores/sidebar-store.ts"
import { SidebarRow } from "./sidebar-row.tsx"
import { type FeedRowControls, SubscriptionRow } from "./subscription-row.tsx"
import type { DropTargetProps } from "./use-feed-drag.ts"

export interface CategoryFolderProps {
  view: number
  category: string
  subscriptions: FeedSubscription[]
  selection: FeedSelection
  unreadOf: (feedIds: string[]) => number
  onFolderMenu: (category: string, event: MouseEvent<HTMLElement>, atPointer: boolean) => void
  onFeedMenu: (sub: FeedSubscription, event: MouseEvent<HTMLElement>, atPointer: boolean) => void
  controls: FeedRowControls
  /** Feeds dropped anywhere on the folder (its row or its open feeds) move into it. */
  dropTarget: DropTargetProps
}

export function CategoryFolder(props: CategoryFolderProps) {
  const { t } = useTranslation()
  const { view, category, subscriptions, selection } = props
  const open = useSidebarStore((state) => Boolean(state.openFolders[folderKey(view, category)]))
  const toggle = useSidebarStore((state) => state.toggle)
  const feed: FeedSelection = { kind: "folder", category }

  return (
    <div
      {...props.dropTarget}
      className="rounded-lg data-drop-over:bg-accent/10 data-drop-over:ring-1 data-drop-over:ring-accent/60"
      data-testid="category-folder"
      data-category={category}
      data-open={open}
    >
      <SidebarRow
        to={timelinePath({ view, feed })}
        label={category}
        icon={<Icon name="folder" className="size-4 shrink-0 opacity-70" />}
        count={props.unreadOf(subscriptions.map((sub) => sub.feedId))}
        active={sameSelection(selection, feed)}
        testId="folder-link"
        onMenu={(event, atPointer) => props.onFolderMenu(category, event, atPointer)}
        before={
          <button
            type="button"
            aria-expanded={open}
            aria-label={open ? t("sidebar.collapse", { name: category }) : t("sidebar.expand", { name: category })}
            onClick={() => toggle(view, category)}
            className="ml-0.5 flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-md text-ink-faint hover:text-ink"
            data-testid="folder-toggle"
          >
            <Icon name="chevronRight" className={cx("size-3.5 transition-transform", open && "rotate-90")} />
          </button>
        }
      />
      {open &&
        subscriptions.map((sub) => (
          <SubscriptionRow
            key={sub.feedId}
            sub={sub}
            view={view}
            indent
            selection={selection}
            count={props.unreadOf([sub.feedId])}
            onMenu={props.onFeedMenu}
            controls={props.controls}
          />
        ))}
    </div>
  )
}
