// Settings › feeds under 1024 px: the same rows as a list (no sideways scrolling), sorted with a picker instead
// of column headers.
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useNow } from "../../lib/use-now.ts"
import { DateText, StatusCell, TitleCell, UnreadText, ViewName } from "./source-cells.tsx"
import { SORT_KEYS, type SortKey } from "./source-rows.ts"
import { RowBox, SelectAllBox } from "./source-table.tsx"
import type { SourceTable } from "./use-source-table.ts"

function SortPicker({ table }: { table: SourceTable }) {
  const { t } = useTranslation("subscriptions")
  const id = useId()
  const ascending = table.sort.direction === "ascending"
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-ink-soft">
        {t("table.sort_by")}
      </label>
      <select
        id={id}
        value={table.sort.key}
        onChange={(event) => table.setSort({ ...table.sort, key: event.target.value as SortKey })}
        className="h-8 rounded-lg border border-line bg-surface px-2 text-sm dark:bg-surface-raised"
        data-testid="sort-key"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {t(`column.${key}`)}
          </option>
        ))}
      </select>
      <Button
        size="icon"
        variant="ghost"
        onClick={() => table.setSort({ ...table.sort, direction: ascending ? "descending" : "ascending" })}
        aria-label={ascending ? t("table.ascending") : t("table.descending")}
        title={ascending ? t("table.ascending") : t("table.descending")}
        data-testid="sort-direction"
      >
        <Icon name="chevronRight" className={cx("size-4", ascending ? "-rotate-90" : "rotate-90")} />
      </Button>
    </div>
  )
}

export function SourceList({ table }: { table: SourceTable }) {
  const { t } = useTranslation("subscriptions")
  const allId = useId()
  const now = useNow()
  return (
    <div data-testid="sources-list">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2">
        <div className="flex items-center gap-2 text-xs text-ink-soft">
          <SelectAllBox table={table} id={allId} />
          <label htmlFor={allId}>{t("table.select_all_short")}</label>
        </div>
        <SortPicker table={table} />
      </div>
      <ul aria-label={t("table.caption")}>
        {table.rows.map((row) => (
          <li
            key={row.key}
            className={cx("flex gap-3 border-b border-line/70 py-3", table.isSelected(row.id) && "bg-accent/8")}
            data-testid="source-row"
            data-kind={row.kind}
            data-id={row.id}
          >
            <div className="w-4 shrink-0 pt-1">
              <RowBox table={table} row={row} />
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <TitleCell row={row} />
              <p className="mt-1.5 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-soft">
                <span data-testid="source-category">{row.category ?? t("move.none")}</span>
                <ViewName view={row.view} />
                <span>
                  {t("column.unread")}: <UnreadText count={row.unread} />
                </span>
                <span>
                  {t("column.created")}: <DateText ms={row.createdAt} now={now} />
                </span>
              </p>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-1 text-xs text-ink-soft">
                {row.kind === "feed" && !row.errorAt && <span>{t("column.updated")}:</span>}
                <StatusCell row={row} now={now} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
