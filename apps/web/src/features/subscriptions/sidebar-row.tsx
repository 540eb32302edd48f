// One row of the sidebar tree: icon, label, unread count, an optional menu; a link or a button.
import type { DragEvent, MouseEvent, ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { useShowsUnreadCounts } from "./unread-visibility.ts"

export interface SidebarRowProps {
  to: string
  label: string
  icon: ReactNode
  count?: number
  active: boolean
  indent?: boolean
  testId?: string
  dataId?: string
  /** Opens the row's menu: at the pointer on right click, under the button otherwise. */
  onMenu?: (event: MouseEvent<HTMLElement>, atPointer: boolean) => void
  before?: ReactNode
  /** Part of the sidebar's multi-selection: highlighted, and said so to screen readers (`selectedNote`). */
  selected?: boolean
  selectedNote?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  onDragStart?: (event: DragEvent<HTMLAnchorElement>) => void
  onDragEnd?: () => void
}

export function SidebarRow(props: SidebarRowProps) {
  const { t, i18n } = useTranslation()
  const showCount = useShowsUnreadCounts()
  const count = props.count ?? 0

  return (
    <div
      className={cx(
        "group relative flex h-8 items-center rounded-lg text-[0.84375rem] transition-colors",
        props.selected
          ? "bg-accent/20 text-ink ring-1 ring-accent/50 ring-inset dark:bg-accent/30"
          : props.active
            ? "bg-accent/12 text-ink dark:bg-accent/20"
            : "text-ink-soft hover:bg-hover hover:text-ink",
      )}
      data-selected={props.selected || undefined}
    >
      {props.before}
      <Link
        to={props.to}
        aria-current={props.active ? "page" : undefined}
        data-testid={props.testId}
        data-id={props.dataId}
        onClick={props.onClick}
        draggable={props.onDragStart ? true : undefined}
        onDragStart={props.onDragStart}
        onDragEnd={props.onDragEnd}
        onContextMenu={
          props.onMenu
            ? (event) => {
                event.preventDefault()
                props.onMenu?.(event, true)
              }
            : undefined
        }
        className={cx(
          "flex h-full min-w-0 flex-1 items-center gap-2 rounded-lg pr-2 outline-none focus-visible:ring-2 focus-visible:ring-accent",
          props.before ? "pl-0.5" : props.indent ? "pl-8" : "pl-2.5",
        )}
      >
        {props.icon}
        <span className={cx("min-w-0 flex-1 truncate", props.active && "font-medium")} data-testid="sidebar-row-label">
          {props.label}
          {props.selected && props.selectedNote && <span className="sr-only"> ({props.selectedNote})</span>}
        </span>
        {showCount && count > 0 && (
          <span
            className="shrink-0 text-[0.6875rem] font-medium text-ink-faint tabular-nums group-hover:hidden"
            data-testid="unread-count"
          >
            {formatShortNumber(count, i18n.language)}
          </span>
        )}
      </Link>
      {props.onMenu && (
        <button
          type="button"
          aria-label={t("sidebar.more_actions", { name: props.label })}
          title={t("sidebar.more_actions", { name: props.label })}
          aria-haspopup="menu"
          onClick={(event) => props.onMenu?.(event, false)}
          className="absolute right-1 hidden size-6 cursor-pointer items-center justify-center rounded-md text-ink-soft group-focus-within:flex group-hover:flex hover:bg-black/5 dark:hover:bg-white/10"
          data-testid="sidebar-row-menu"
        >
          <Icon name="more" className="size-4" />
        </button>
      )}
    </div>
  )
}
