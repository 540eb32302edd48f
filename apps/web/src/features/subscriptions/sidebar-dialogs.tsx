// What the sidebar menus open, and the changes they make. All are optimistic; the route follows a renamed or
// removed folder or feed so the timeline never points at something gone.
import type { FeedSubscription } from "@tidings/shared"
import i18next from "i18next"
import { lazy, Suspense } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { categoryNames, feedIdsInCategory, subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { useBatchUpdate, useDeleteCategory, useRenameCategory } from "../../queries/subscriptions.ts"
import { MoveCategoryDialog } from "./move-category-dialog.tsx"
import { EditSubscriptionDialog, RenameCategoryDialog } from "./subscription-dialogs.tsx"
import { useUnsubscribe } from "./use-unsubscribe.tsx"

// The wallet's strings and code load with the first tip, not with the sidebar.
const TipDialog = lazy(async () => {
  const [dialog] = await Promise.all([import("../wallet/tip-dialog.tsx"), i18next.loadNamespaces(["wallet"])])
  return { default: dialog.TipDialog }
})
const BoostDialog = lazy(async () => {
  const [dialog] = await Promise.all([import("../wallet/boost-dialog.tsx"), i18next.loadNamespaces(["wallet"])])
  return { default: dialog.BoostDialog }
})

const FeedClaimDialog = lazy(async () => {
  const [dialog] = await Promise.all([import("../wallet/feed-claim-dialog.tsx"), i18next.loadNamespaces(["wallet"])])
  return { default: dialog.FeedClaimDialog }
})

export type SidebarDialog =
  | { kind: "edit"; sub: FeedSubscription }
  | { kind: "tip"; sub: FeedSubscription }
  | { kind: "boost"; sub: FeedSubscription }
  | { kind: "claim"; sub: FeedSubscription }
  | { kind: "move"; subs: FeedSubscription[] }
  | { kind: "unsubscribe"; subs: FeedSubscription[] }
  | { kind: "rename"; category: string }
  | { kind: "delete-category"; category: string }

function useSidebarActions(location: TimelineLocation, subs: FeedSubscription[]) {
  const navigate = useNavigate()
  const unsubscribe = useUnsubscribe()
  const batch = useBatchUpdate()
  const renameCategory = useRenameCategory()
  const deleteCategory = useDeleteCategory()
  const { view, feed } = location
  const goTo = (to: TimelineLocation["feed"]) => navigate(timelinePath({ view, feed: to }))

  return {
    unsubscribe: (gone: FeedSubscription[]) => {
      unsubscribe(gone)
      if (feed.kind === "feed" && gone.some((sub) => sub.feedId === feed.feedId)) goTo({ kind: "all" })
    },
    move: (moved: FeedSubscription[], category: string | null) =>
      batch.mutate({ feedIds: moved.map((sub) => sub.feedId), category }),
    rename: (from: string, to: string) => {
      renameCategory.mutate({
        feedIdList: feedIdsInCategory(subs, view, from),
        category: to,
        folder: { view, from },
      })
      if (feed.kind === "folder" && feed.category === from) goTo({ kind: "folder", category: to })
    },
    deleteCategory: (category: string) => {
      deleteCategory.mutate(feedIdsInCategory(subs, view, category))
      if (feed.kind === "folder" && feed.category === category) goTo({ kind: "all" })
    },
  }
}

/** One shared category among `subs`, or undefined when they differ. */
function sharedCategory(subs: FeedSubscription[]): string | null | undefined {
  const names = new Set(subs.map((sub) => sub.category?.trim() || null))
  return names.size === 1 ? [...names][0] : undefined
}

export function SidebarDialogs(props: {
  dialog: SidebarDialog | null
  onClose: () => void
  /** After a change to the multi-selection's feeds: the selection ends. */
  onDone: () => void
  location: TimelineLocation
  subs: FeedSubscription[]
}) {
  const { t } = useTranslation(["app", "subscriptions"])
  const { dialog, onClose, subs } = props
  const actions = useSidebarActions(props.location, subs)
  switch (dialog?.kind) {
    case "edit":
      return <EditSubscriptionDialog sub={dialog.sub} subs={subs} onClose={onClose} />
    case "tip":
      return (
        <Suspense fallback={null}>
          <TipDialog
            feedId={dialog.sub.feedId}
            title={subscriptionTitle(dialog.sub)}
            ownerUserId={dialog.sub.feeds.ownerUserId}
            onClose={onClose}
          />
        </Suspense>
      )
    case "boost":
      return (
        <Suspense fallback={null}>
          <BoostDialog feedId={dialog.sub.feedId} title={subscriptionTitle(dialog.sub)} onClose={onClose} />
        </Suspense>
      )
    case "claim":
      return (
        <Suspense fallback={null}>
          <FeedClaimDialog feedId={dialog.sub.feedId} title={subscriptionTitle(dialog.sub)} onClose={onClose} />
        </Suspense>
      )
    case "move":
      return (
        <MoveCategoryDialog
          title={
            dialog.subs.length === 1
              ? t("subscriptions:move.title_one", { title: subscriptionTitle(dialog.subs[0]!) })
              : t("subscriptions:move.title_many", { count: dialog.subs.length })
          }
          categories={categoryNames(subs)}
          current={sharedCategory(dialog.subs)}
          onClose={onClose}
          onMove={(category) => {
            actions.move(dialog.subs, category)
            props.onDone()
          }}
        />
      )
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
          title={
            dialog.subs.length === 1
              ? t("subscription.unsubscribe_confirm", { title: subscriptionTitle(dialog.subs[0]!) })
              : t("subscriptions:unsubscribe.confirm_many", { count: dialog.subs.length })
          }
          description={t("subscriptions:unsubscribe.confirm_description")}
          confirmLabel={t("subscription.unsubscribe")}
          danger
          onClose={onClose}
          onConfirm={() => {
            actions.unsubscribe(dialog.subs)
            props.onDone()
          }}
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
