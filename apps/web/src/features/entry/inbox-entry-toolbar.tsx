// The open inbox entry's toolbar: deleting it (inbox entries cannot be starred or shared like feed entries).
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { timelinePath } from "../../lib/route-ids.ts"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useDeleteInboxEntry } from "../../queries/inboxes.ts"

export function InboxEntryToolbar({ entryId, inboxId }: { entryId: string; inboxId: string }) {
  const { t } = useTranslation("lists")
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteInboxEntry()
  const navigate = useNavigate()
  const { view } = useTimelineLocation()

  return (
    <div className="flex items-center gap-0.5" role="toolbar" aria-label={t("inbox_entry_actions")}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("inbox_entry_delete")}
        title={t("inbox_entry_delete")}
        onClick={() => setConfirming(true)}
        data-testid="inbox-entry-delete"
      >
        <Icon name="trash" className="size-4" />
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t("inbox_entry_delete_title")}
        description={t("inbox_entry_delete_description")}
        confirmLabel={t("delete")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          remove.mutate(entryId)
          navigate(timelinePath({ view, feed: { kind: "inbox", inboxId } }), { replace: true })
        }}
      />
    </div>
  )
}
