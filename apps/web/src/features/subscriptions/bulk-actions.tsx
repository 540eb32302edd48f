// The actions on the feeds ticked in settings › feeds: move to a category, change view, unsubscribe (asked
// first, then undoable). All optimistic, rolled back when the server refuses.
import type { FeedSubscription } from "@tidings/shared"
import { type MouseEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import { views } from "../../lib/views.ts"
import { categoryNames } from "../../queries/subscription-selectors.ts"
import { useBatchUpdate } from "../../queries/subscriptions.ts"
import { MoveCategoryDialog } from "./move-category-dialog.tsx"
import { useUnsubscribe } from "./use-unsubscribe.tsx"

export function BulkActions(props: { selected: FeedSubscription[]; all: FeedSubscription[]; onDone: () => void }) {
  const { t } = useTranslation(["subscriptions", "app"])
  const { selected } = props
  const batch = useBatchUpdate()
  const unsubscribe = useUnsubscribe()
  const viewMenu = useMenu()
  const [dialog, setDialog] = useState<"move" | "unsubscribe" | null>(null)
  const feedIds = selected.map((sub) => sub.feedId)
  const none = selected.length === 0

  return (
    <section
      aria-label={t("bulk.label")}
      className="sticky top-[3.25rem] z-[5] flex min-h-11 flex-wrap items-center gap-2 rounded-xl border border-line bg-surface px-3 py-1.5 shadow-xs lg:top-2 dark:bg-surface-raised"
      data-testid="bulk-actions"
    >
      <p role="status" className="mr-auto text-sm text-ink-soft" data-testid="bulk-count">
        {none ? t("bulk.none") : t("sidebar.selected_count", { count: selected.length })}
      </p>
      {!none && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog("move")} data-testid="bulk-move">
            <Icon name="folder" className="size-3.5" />
            {t("bulk.move")}
          </Button>
          <Button
            size="sm"
            aria-haspopup="menu"
            onClick={(event: MouseEvent<HTMLButtonElement>) => viewMenu.openBelow(event.currentTarget)}
            data-testid="bulk-view"
          >
            {t("bulk.view")}
          </Button>
          <Button
            size="sm"
            className="text-red-700 dark:text-red-400"
            onClick={() => setDialog("unsubscribe")}
            data-testid="bulk-unsubscribe"
          >
            <Icon name="trash" className="size-3.5" />
            {t("bulk.unsubscribe")}
          </Button>
        </div>
      )}
      {viewMenu.position && (
        <PopupMenu
          position={viewMenu.position}
          label={t("bulk.view")}
          onClose={viewMenu.close}
          items={views.map((meta) => ({
            label: t(`app:${meta.nameKey}`),
            icon: meta.icon,
            onSelect: () => {
              batch.mutate({ feedIds, view: meta.view })
              props.onDone()
            },
          }))}
        />
      )}
      {dialog === "move" && (
        <MoveCategoryDialog
          title={t("move.title_many", { count: selected.length })}
          categories={categoryNames(props.all)}
          onClose={() => setDialog(null)}
          onMove={(category) => {
            batch.mutate({ feedIds, category })
            props.onDone()
          }}
        />
      )}
      <ConfirmDialog
        open={dialog === "unsubscribe"}
        danger
        title={t("unsubscribe.confirm_many", { count: selected.length })}
        description={t("unsubscribe.confirm_description")}
        confirmLabel={t("bulk.unsubscribe")}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          unsubscribe(selected)
          props.onDone()
        }}
      />
    </section>
  )
}
