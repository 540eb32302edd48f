// The open entry's toolbar: the main actions of toolbarOrder as buttons, the rest under "more".
import type { EntryDetail } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import { cx } from "../../lib/cx.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import type { EntryAi } from "../ai/use-entry-ai.ts"
import { useIntegrationActions } from "../integrations/use-integration-actions.ts"
import { type EntryViewMode, useEntryActions } from "./use-entry-actions.ts"

const LEGACY_TEST_IDS: Partial<Record<string, string>> = { read: "toggle-read", star: "toggle-star" }

export interface EntryToolbarProps {
  detail: EntryDetail
  view: number
  mode: EntryViewMode
  onMode: (mode: EntryViewMode) => void
  ai: EntryAi
}

export function EntryToolbar({ detail, view, mode, onMode, ai }: EntryToolbarProps) {
  const { t } = useTranslation()
  const order = useSettingsStore((state) => state.ui.toolbarOrder)
  const actions = useEntryActions(detail, view, mode, onMode, ai)
  const menu = useMenu()
  const main = order.main.flatMap((id) => (actions[id] ? [{ id, ...actions[id] }] : []))
  const more = order.more.flatMap((id) => (actions[id] ? [{ id, ...actions[id] }] : []))
  // "Save to <service>" for each enabled integration, after the entry's own actions.
  const integrations = useIntegrationActions(detail)
  const moreItems = [
    ...more.map((action) => ({ label: action.label, icon: action.icon, onSelect: action.run })),
    // A one-off translation of this entry (or back to the original), whatever the translation setting says.
    {
      label: ai.translated ? t("entry.show_original") : t("entry.translate"),
      icon: "languages" as const,
      onSelect: ai.toggleTranslation,
    },
    ...integrations.map((action) => ({ label: action.label, icon: action.icon, onSelect: action.run })),
  ]

  return (
    <div className="flex items-center gap-0.5" role="toolbar" aria-label={t("entry.actions")}>
      {main.map((action) => (
        <Button
          key={action.id}
          variant="ghost"
          size="icon"
          aria-label={action.label}
          title={action.label}
          aria-pressed={action.pressed}
          onClick={action.run}
          data-testid={LEGACY_TEST_IDS[action.id] ?? `entry-action-${action.id}`}
        >
          <Icon
            name={action.icon}
            filled={(action.id === "read" || action.id === "star") && action.pressed}
            className={cx(
              action.id === "read" ? "size-3.5" : "size-4",
              action.id === "read" && action.pressed && "text-accent",
              action.id === "star" && action.pressed && "text-amber-500",
              action.pressed && action.id !== "read" && action.id !== "star" && "text-accent-strong",
            )}
          />
        </Button>
      ))}
      {moreItems.length > 0 && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("entry.more")}
          title={t("entry.more")}
          aria-haspopup="menu"
          onClick={(event) => menu.openBelow(event.currentTarget)}
          data-testid="entry-more"
        >
          <Icon name="more" />
        </Button>
      )}
      {menu.position && (
        <PopupMenu position={menu.position} onClose={menu.close} label={t("entry.more")} items={moreItems} />
      )}
    </div>
  )
}
