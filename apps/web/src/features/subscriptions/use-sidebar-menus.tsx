// The sidebar's menus and the dialogs they open: edit and unsubscribe for a feed, rename and delete for a
// category. Kept apart from the tree so the tree only lays out rows.
import type { FeedSubscription } from "@tidings/shared"
import { type MouseEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { type MenuItem, PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import { type SidebarDialog, SidebarDialogs } from "./sidebar-dialogs.tsx"

export function useSidebarMenus(location: TimelineLocation, subs: FeedSubscription[]) {
  const { t } = useTranslation()
  const menu = useMenu()
  const [items, setItems] = useState<MenuItem[]>([])
  const [dialog, setDialog] = useState<SidebarDialog | null>(null)

  const open = (next: MenuItem[], event: MouseEvent<HTMLElement>, atPointer: boolean) => {
    setItems(next)
    if (atPointer) menu.openAt(event.clientX, event.clientY)
    else menu.openBelow(event.currentTarget)
  }

  const onFeedMenu = (sub: FeedSubscription, event: MouseEvent<HTMLElement>, atPointer: boolean) =>
    open(
      [
        { label: t("subscription.edit"), icon: "pencil", onSelect: () => setDialog({ kind: "edit", sub }) },
        {
          label: t("subscription.unsubscribe"),
          icon: "trash",
          danger: true,
          onSelect: () => setDialog({ kind: "unsubscribe", sub }),
        },
      ],
      event,
      atPointer,
    )

  const onFolderMenu = (category: string, event: MouseEvent<HTMLElement>, atPointer: boolean) =>
    open(
      [
        { label: t("category.rename"), icon: "pencil", onSelect: () => setDialog({ kind: "rename", category }) },
        {
          label: t("category.delete"),
          icon: "trash",
          danger: true,
          onSelect: () => setDialog({ kind: "delete-category", category }),
        },
      ],
      event,
      atPointer,
    )

  const overlays = (
    <>
      {menu.position && (
        <PopupMenu position={menu.position} items={items} onClose={menu.close} label={t("sidebar.menu")} />
      )}
      <SidebarDialogs dialog={dialog} onClose={() => setDialog(null)} location={location} subs={subs} />
    </>
  )

  return { onFeedMenu, onFolderMenu, overlays }
}
