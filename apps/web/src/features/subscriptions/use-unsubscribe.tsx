// Unsubscribing with undo: the feeds leave at once (optimistic, rolled back if the server refuses), and a toast
// offers Undo, which subscribes to them again with the same view, category, title, privacy and timeline setting.
import { useQueryClient } from "@tanstack/react-query"
import type { FeedSubscription } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { errorMessage } from "../../i18n/error-message.ts"
import { toast } from "../../lib/toast.ts"
import { subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { resubscribe, useDeleteSubscriptions } from "../../queries/subscriptions.ts"

/** Long enough to reach the button after reading the toast. */
export const UNDO_TOAST_MS = 8000

export function useUnsubscribe() {
  const { t } = useTranslation("subscriptions")
  const queryClient = useQueryClient()
  const remove = useDeleteSubscriptions()

  return (subs: FeedSubscription[]) => {
    if (!subs.length) return
    const gone = [...subs]
    const done = remove.mutateAsync(gone.map((sub) => sub.feedId))
    const message =
      gone.length === 1
        ? t("unsubscribe.done_one", { title: subscriptionTitle(gone[0]!) })
        : t("unsubscribe.done_many", { count: gone.length })
    const undo = async () => {
      // Undo waits for the unsubscribe to land, so the two cannot reach the server the wrong way round.
      if (
        !(await done.then(
          () => true,
          () => false,
        ))
      )
        return
      try {
        await resubscribe(queryClient, gone)
        toast.success(t("unsubscribe.restored", { count: gone.length }))
      } catch (error) {
        toast.error(t("unsubscribe.restore_failed", { reason: errorMessage(error) }))
      }
    }
    const id = toast(message, {
      duration: UNDO_TOAST_MS,
      action: { label: t("unsubscribe.undo"), onClick: () => void undo() },
    })
    // Refused: the feeds are back already and the error toast says why; nothing is left to undo.
    done.catch(() => toast.dismiss(id))
  }
}
