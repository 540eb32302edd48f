// A small badge while the API cannot be reached.
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { useNetworkStore } from "../../stores/network-store.ts"

export function OfflineIndicator() {
  const { t } = useTranslation()
  const online = useNetworkStore((state) => state.online)
  if (online) return null
  return (
    <div
      role="status"
      className="mb-2 flex items-center gap-2 rounded-lg bg-amber-500/15 px-2.5 py-1.5 text-xs font-medium text-amber-800 dark:text-amber-300"
      data-testid="offline-indicator"
    >
      <Icon name="wifiOff" className="size-3.5" />
      {t("network.offline")}
    </div>
  )
}
