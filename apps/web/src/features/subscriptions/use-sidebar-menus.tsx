// The sidebar's menus and the dialogs they open: edit, move and unsubscribe for a feed (or for every selected
// feed when it is part of a multi-selection), rename and delete for a category. Kept apart from the tree so the
// tree only lays out rows.
import type { FeedSubscription } from "@tidings/shared"
import { lazy, type MouseEvent, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import { type MenuItem, PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import type { TimelineLocation } from "../../lib/route-ids.ts"
import type { SidebarDialog } from "./sidebar-dialogs.tsx"

// The dialogs load when one first opens (they are not part of the first screen), and stay mounted after: a change
// they started still finishes (and ends the selection) once the dialog has closed.
const SidebarDialogs = lazy(() =>
  import("./sidebar-dialogs.tsx").then((module) => ({ default: module.SidebarDialogs })),
)

interface Picked {
  actingOn: (feedId: string) => string[]
  selection: { ids: ReadonlySet<string> }
  clear: () => void
}

export function useSidebarMenus(location: TimelineLocation, subs: FeedSubscription[], picked: Picked) {
  const { t } = useTranslation(["app", "subscriptions"])
  const menu = useMenu()
  const [items, setItems] = useState<MenuItem[]>([])
  const [dialog, setDialog] = useState<SidebarDialog | null>(null)
  const [dialogsWanted, setDialogsWanted] = useState(false)
  if (dialog && !dialogsWanted) setDialogsWanted(true)
  const subsOf = (feedIds: string[]) => subs.filter((sub) => feedIds.includes(sub.feedId))

  const open = (next: MenuItem[], event: MouseEvent<HTMLElement>, atPointer: boolean) => {
    setItems(next)
    if (atPointer) menu.openAt(event.clientX, event.clientY)
    else menu.openBelow(event.currentTarget)
  }

  const manyItems = (many: FeedSubscription[]): MenuItem[] => [
    {
      label: t("subscriptions:sidebar.move_many", { count: many.length }),
      icon: "folder",
      onSelect: () => setDialog({ kind: "move", subs: many }),
    },
    {
      label: t("subscriptions:sidebar.unsubscribe_many", { count: many.length }),
      icon: "trash",
      danger: true,
      onSelect: () => setDialog({ kind: "unsubscribe", subs: many }),
    },
  ]

  const onFeedMenu = (sub: FeedSubscription, event: MouseEvent<HTMLElement>, atPointer: boolean) => {
    const acting = subsOf(picked.actingOn(sub.feedId))
    if (acting.length > 1) return open(manyItems(acting), event, atPointer)
    open(
      [
        { label: t("subscription.edit"), icon: "pencil", onSelect: () => setDialog({ kind: "edit", sub }) },
        {
          label: t("subscriptions:sidebar.move_one"),
          icon: "folder",
          onSelect: () => setDialog({ kind: "move", subs: [sub] }),
        },
        {
          label: t("subscriptions:sidebar.tip"),
          icon: "sparkles",
          onSelect: () => setDialog({ kind: "tip", sub }),
        },
        {
          label: t("subscriptions:sidebar.boost"),
          icon: "refresh",
          onSelect: () => setDialog({ kind: "boost", sub }),
        },
        {
          label: t("subscriptions:sidebar.claim"),
          icon: "check",
          onSelect: () => setDialog({ kind: "claim", sub }),
        },
        {
          label: t("subscription.unsubscribe"),
          icon: "trash",
          danger: true,
          onSelect: () => setDialog({ kind: "unsubscribe", subs: [sub] }),
        },
      ],
      event,
      atPointer,
    )
  }

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

  const selected = () => subsOf([...picked.selection.ids])
  const overlays = (
    <>
      {menu.position && (
        <PopupMenu position={menu.position} items={items} onClose={menu.close} label={t("sidebar.menu")} />
      )}
      {dialogsWanted && (
        <Suspense fallback={null}>
          <SidebarDialogs
            dialog={dialog}
            onClose={() => setDialog(null)}
            onDone={picked.clear}
            location={location}
            subs={subs}
          />
        </Suspense>
      )}
    </>
  )

  return {
    onFeedMenu,
    onFolderMenu,
    overlays,
    moveSelection: () => setDialog({ kind: "move", subs: selected() }),
    unsubscribeSelection: () => setDialog({ kind: "unsubscribe", subs: selected() }),
  }
}
