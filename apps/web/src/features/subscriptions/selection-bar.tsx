// Shown while feeds are multi-selected in the sidebar: how many, and what can be done to all of them.
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"

export function SelectionBar(props: {
  count: number
  onMove: () => void
  onUnsubscribe: () => void
  onClear: () => void
}) {
  const { t } = useTranslation("subscriptions")
  return (
    <section
      aria-label={t("sidebar.selection_label")}
      className="mx-0.5 mb-1 rounded-lg border border-accent/40 bg-accent/8 px-2 pt-1 pb-1.5"
      data-testid="sidebar-selection-bar"
    >
      <div className="flex items-center gap-1">
        <p role="status" className="min-w-0 flex-1 truncate pl-0.5 text-xs font-medium text-ink">
          {t("sidebar.selected_count", { count: props.count })}
        </p>
        <Button
          size="icon"
          variant="ghost"
          className="size-6"
          onClick={props.onClear}
          aria-label={t("sidebar.clear_selection")}
          title={t("sidebar.clear_selection")}
          data-testid="selection-clear"
        >
          <Icon name="x" className="size-3.5" />
        </Button>
      </div>
      <div className="mt-1 flex flex-wrap gap-1">
        <Button size="sm" onClick={props.onMove} data-testid="selection-move">
          <Icon name="folder" className="size-3.5" />
          {t("sidebar.move")}
        </Button>
        <Button
          size="sm"
          className="text-red-700 dark:text-red-400"
          onClick={props.onUnsubscribe}
          data-testid="selection-unsubscribe"
        >
          <Icon name="trash" className="size-3.5" />
          {t("sidebar.unsubscribe")}
        </Button>
      </div>
    </section>
  )
}
