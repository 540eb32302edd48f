// Says so while the API cannot be reached: a badge in the sidebar's footer, or a line in the timeline's header on a
// phone, whose sidebar is hidden behind its menu.
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useNetworkStore } from "../../stores/network-store.ts"

export function OfflineIndicator({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation()
  const online = useNetworkStore((state) => state.online)
  if (online) return null
  return (
    <p
      role="status"
      className={cx(
        "flex items-center font-medium text-amber-800 text-xs dark:text-amber-300",
        inline ? "gap-1" : "mb-2 gap-2 rounded-lg bg-amber-500/15 px-2.5 py-1.5",
      )}
      data-testid={inline ? "offline-header" : "offline-indicator"}
    >
      <Icon name="wifiOff" className={inline ? "size-3" : "size-3.5"} />
      {t("network.offline")}
    </p>
  )
}
