// What the sidebar menus open, and the changes they make. All are optimistic; the route follows a renamed or
// removed folder or feed so the timeline never points at something gone.
import type { FeedSubscription } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { feedIdsInCategory, subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { useDeleteCategory, useDeleteSubscription, useRenameCategory } from "../../queries/subscriptions.ts"
import { useSidebarStore } from "../../stores/sidebar-store.ts"
import { EditSubscriptionDialog, RenameCategoryDialog } from "./subscription-dialogs.tsx"

export type SidebarDialog =
  | { kind: "edit"; sub: FeedSubscription }
  | { kind: "unsubscribe"; sub: FeedSubscription }
  | { kind: "rename"; category: string }
  | { kind: "delete-category"; category: string }

function useSidebarActions(location: TimelineLocation, subs: FeedSubscription[]) {
  const navigate = useNavigate()
  const unsubscribe = useDeleteSubscription()
  const renameCategory = useRenameCategory()
  const deleteCategory = useDeleteCategory()
  const keepFolderState = useSidebarStore((state) => state.rename)
  const { view, feed } = location
  const goTo = (to: TimelineLocation["feed"]) => navigate(timelinePath({ view, feed: to }))

  return {
    unsubscribe: (sub: FeedSubscription) => {
      unsubscribe.mutate(sub.feedId)
      if (feed.kind === "feed" && feed.feedId === sub.feedId) goTo({ kind: "all" })
    },
    rename: (from: string, to: string) => {
      renameCategory.mutate({ feedIdList: feedIdsInCategory(subs, view, from), category: to })
      keepFolderState(view, from, to)
      if (feed.kind === "folder" && feed.category === from) goTo({ kind: "folder", category: to })
    },
    deleteCategory: (category: string) => {
      deleteCategory.mutate(feedIdsInCategory(subs, view, category))
      if (feed.kind === "folder" && feed.category === category) goTo({ kind: "all" })
    },
  }
}

export function SidebarDialogs({
  dialog,
  onClose,
  location,
  subs,
}: {
  dialog: SidebarDialog | null
  onClose: () => void
  location: TimelineLocation
  subs: FeedSubscription[]
}) {
  const { t } = useTranslation()
  const actions = useSidebarActions(location, subs)
  switch (dialog?.kind) {
    case "edit":
      return <EditSubscriptionDialog sub={dialog.sub} subs={subs} onClose={onClose} />
    case "rename":
      return (
        <RenameCategoryDialog
          category={dialog.category}
          onClose={onClose}
          onRename={(to) => actions.rename(dialog.category, to)}
        />
      )
    case "unsubscribe":
      return (
        <ConfirmDialog
          open
          title={t("subscription.unsubscribe_confirm", { title: subscriptionTitle(dialog.sub) })}
          confirmLabel={t("subscription.unsubscribe")}
          danger
          onClose={onClose}
          onConfirm={() => actions.unsubscribe(dialog.sub)}
        />
      )
    case "delete-category":
      return (
        <ConfirmDialog
          open
          title={t("category.delete_confirm", { name: dialog.category })}
          description={t("category.delete_description")}
          confirmLabel={t("category.delete")}
          danger
          onClose={onClose}
          onConfirm={() => actions.deleteCategory(dialog.category)}
        />
      )
    default:
      return null
  }
}
