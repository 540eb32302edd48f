// Whether the sidebar shows unread counts: sidebarShowUnreadCount on wide screens; under 1024 px the phone setting
// showUnreadCountViewAndSubscriptionMobile decides (spec §3), for the views and the subscription rows alike.
import { useIsMobile } from "../../lib/use-media-query.ts"
import type { UiSettings } from "../../stores/settings-defaults.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"

type CountSettings = Pick<UiSettings, "sidebarShowUnreadCount" | "showUnreadCountViewAndSubscriptionMobile">

export function showsUnreadCounts(mobile: boolean, ui: CountSettings): boolean {
  return mobile ? ui.showUnreadCountViewAndSubscriptionMobile : ui.sidebarShowUnreadCount
}

export function useShowsUnreadCounts(): boolean {
  const mobile = useIsMobile()
  const desktop = useSettingsStore((state) => state.ui.sidebarShowUnreadCount)
  const phone = useSettingsStore((state) => state.ui.showUnreadCountViewAndSubscriptionMobile)
  return showsUnreadCounts(mobile, {
    sidebarShowUnreadCount: desktop,
    showUnreadCountViewAndSubscriptionMobile: phone,
  })
}
