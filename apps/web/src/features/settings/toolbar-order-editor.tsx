// The entry toolbar's buttons and its More menu, reordered with buttons (keyboard friendly, no drag needed).
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { defaultUiSettings, type EntryActionId } from "../../stores/settings-defaults.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { moveToolbarItem, type ToolbarMove, type ToolbarOrder } from "./toolbar-order.ts"

export function ToolbarOrderEditor() {
  const { t } = useTranslation("settings")
  const order = useSettingsStore((state) => state.ui.toolbarOrder)
  const setUi = useSettingsStore((state) => state.setUi)
  const move = (id: EntryActionId, how: ToolbarMove) => setUi({ toolbarOrder: moveToolbarItem(order, id, how) })

  return (
    <div className="px-4 py-3" data-testid="setting-toolbarOrder">
      <p className="text-sm font-medium">{t("ui.toolbarOrder")}</p>
      <p className="mt-0.5 text-xs text-ink-soft">{t("ui.toolbarOrder.description")}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {(["main", "more"] as (keyof ToolbarOrder)[]).map((list) => (
          <div key={list}>
            <h3 className="mb-1 text-xs font-semibold text-ink-soft">{t(`ui.toolbar.${list}`)}</h3>
            <ol className="divide-y divide-line rounded-lg border border-line" data-testid={`toolbar-${list}`}>
              {order[list].map((id, index) => {
                const name = t(`ui.toolbar.item.${id}`)
                return (
                  <li key={id} className="flex items-center gap-1 py-1 pr-1 pl-3 text-sm" data-id={id}>
                    <span className="min-w-0 flex-1 truncate">{name}</span>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={index === 0}
                      aria-label={t("ui.toolbar.up", { name })}
                      title={t("ui.toolbar.up", { name })}
                      onClick={() => move(id, "up")}
                    >
                      <Icon name="chevronRight" className="size-4 -rotate-90" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      disabled={index === order[list].length - 1}
                      aria-label={t("ui.toolbar.down", { name })}
                      title={t("ui.toolbar.down", { name })}
                      onClick={() => move(id, "down")}
                    >
                      <Icon name="chevronRight" className="size-4 rotate-90" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={t(list === "main" ? "ui.toolbar.to_more" : "ui.toolbar.to_main", { name })}
                      title={t(list === "main" ? "ui.toolbar.to_more" : "ui.toolbar.to_main", { name })}
                      onClick={() => move(id, "other")}
                    >
                      {/* Toward the other list: right to More, left back to the toolbar (its column on wide screens). */}
                      <Icon name="chevronRight" className={list === "main" ? "size-4" : "size-4 rotate-180"} />
                    </Button>
                  </li>
                )
              })}
            </ol>
          </div>
        ))}
      </div>
      <Button
        size="sm"
        variant="ghost"
        className="mt-2 -ml-2.5"
        onClick={() => setUi({ toolbarOrder: defaultUiSettings.toolbarOrder })}
      >
        {t("ui.toolbar.reset")}
      </Button>
    </div>
  )
}
