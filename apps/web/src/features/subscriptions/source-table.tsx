// Settings › feeds at 1024 px and wider: a table sorted by its column headers (aria-sort), with a checkbox per
// feed and one in the header for every feed the filter shows.
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useNow } from "../../lib/use-now.ts"
import { DateText, StatusCell, TitleCell, UnreadText, ViewName } from "./source-cells.tsx"
import type { SortKey, SourceRow } from "./source-rows.ts"
import type { SourceTable as TableState } from "./use-source-table.ts"

const shiftOf = (event: { nativeEvent: Event }) => ({ shiftKey: (event.nativeEvent as MouseEvent).shiftKey === true })

function SortHeader({ table, column, className }: { table: TableState; column: SortKey; className?: string }) {
  const { t } = useTranslation("subscriptions")
  const sorted = table.sort.key === column ? table.sort.direction : undefined
  return (
    <th scope="col" aria-sort={sorted ?? "none"} className={cx("px-2 py-2 font-medium", className)}>
      <button
        type="button"
        onClick={() => table.sortBy(column)}
        className="inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        data-testid={`sort-${column}`}
      >
        {t(`column.${column}`)}
        <Icon
          name="chevronRight"
          className={cx(
            "size-3 transition-transform",
            sorted === "ascending" ? "-rotate-90" : "rotate-90",
            !sorted && "opacity-0",
          )}
        />
      </button>
    </th>
  )
}

export function SelectAllBox({ table, id }: { table: TableState; id?: string }) {
  const { t } = useTranslation("subscriptions")
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = table.header === "some"
  }, [table.header])
  return (
    <input
      ref={ref}
      id={id}
      type="checkbox"
      className="size-4 accent-accent"
      checked={table.header === "all"}
      onChange={() => table.toggleAll()}
      aria-label={t("table.select_all")}
      data-testid="select-all"
    />
  )
}

export function RowBox({ table, row }: { table: TableState; row: SourceRow }) {
  const { t } = useTranslation("subscriptions")
  if (row.kind !== "feed") return null
  return (
    <input
      type="checkbox"
      className="size-4 accent-accent"
      checked={table.isSelected(row.id)}
      onChange={(event) => table.toggle(row.id, shiftOf(event))}
      aria-label={t("table.select_row", { title: row.title })}
      data-testid="select-row"
    />
  )
}

function Cell({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cx("px-2 py-2.5 align-top", className)}>{children}</td>
}

export function SourceTable({ table }: { table: TableState }) {
  const { t } = useTranslation("subscriptions")
  const now = useNow()
  return (
    <table className="w-full table-fixed border-collapse text-sm" data-testid="sources-table">
      <caption className="sr-only">{t("table.caption")}</caption>
      <thead className="border-b border-line text-left text-xs text-ink-soft">
        <tr>
          <th scope="col" className="w-9 px-2 py-2">
            <SelectAllBox table={table} />
          </th>
          <SortHeader table={table} column="title" />
          <SortHeader table={table} column="category" className="w-32" />
          <SortHeader table={table} column="view" className="w-28" />
          <SortHeader table={table} column="unread" className="w-20 text-right" />
          <SortHeader table={table} column="updated" className="w-36" />
          <SortHeader table={table} column="created" className="w-24" />
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row) => (
          <tr
            key={row.key}
            className={cx("border-b border-line/70", table.isSelected(row.id) && "bg-accent/8")}
            data-testid="source-row"
            data-kind={row.kind}
            data-id={row.id}
          >
            <Cell>
              <RowBox table={table} row={row} />
            </Cell>
            <Cell>
              <TitleCell row={row} />
            </Cell>
            <Cell className="truncate text-ink-soft">
              <span data-testid="source-category">{row.category ?? "—"}</span>
            </Cell>
            <Cell className="text-ink-soft">
              <ViewName view={row.view} />
            </Cell>
            <Cell className="text-right text-ink-soft">
              <UnreadText count={row.unread} />
            </Cell>
            <Cell className="text-ink-soft">
              <StatusCell row={row} now={now} />
            </Cell>
            <Cell className="text-ink-soft">
              <DateText ms={row.createdAt} now={now} />
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
