// Dialogs opened from the sidebar menus: edit a subscription, rename a category. Both changes are optimistic.
import type { FeedSubscription } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { categoryNames } from "../../queries/subscription-selectors.ts"
import { useUpdateSubscription } from "../../queries/subscriptions.ts"
import { type SubscriptionFields, SubscriptionFormFields } from "./subscription-form-fields.tsx"

export function DialogActions({
  submitLabel,
  onCancel,
  disabled,
}: {
  submitLabel: string
  onCancel: () => void
  disabled?: boolean
}) {
  const { t } = useTranslation("common")
  return (
    <div className="flex justify-end gap-2 pt-1">
      <Button onClick={onCancel}>{t("actions.cancel")}</Button>
      <Button type="submit" variant="primary" disabled={disabled} data-testid="dialog-submit">
        {submitLabel}
      </Button>
    </div>
  )
}

export function EditSubscriptionDialog({
  sub,
  subs,
  onClose,
}: {
  sub: FeedSubscription
  subs: FeedSubscription[]
  onClose: () => void
}) {
  const { t } = useTranslation(["app", "common"])
  const update = useUpdateSubscription()
  const [fields, setFields] = useState<SubscriptionFields>({
    view: sub.view,
    category: sub.category ?? "",
    title: sub.title ?? "",
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const category = fields.category.trim() || null
    update.mutate({ feedId: sub.feedId, view: fields.view, category, title: fields.title.trim() || null })
    onClose()
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("subscription.edit_title")}
      description={sub.feeds.url}
      testId="edit-subscription-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <SubscriptionFormFields
          value={fields}
          onChange={setFields}
          categories={categoryNames(subs)}
          titlePlaceholder={sub.feeds.title ?? undefined}
        />
        <DialogActions submitLabel={t("common:actions.save")} onCancel={onClose} />
      </form>
    </Dialog>
  )
}

export function RenameCategoryDialog({
  category,
  onRename,
  onClose,
}: {
  category: string
  onRename: (name: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation(["app", "common"])
  const [name, setName] = useState(category)
  const trimmed = name.trim()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (trimmed && trimmed !== category) onRename(trimmed)
    onClose()
  }

  return (
    <Dialog open onClose={onClose} title={t("category.rename_title")} testId="rename-category-dialog">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t("category.name")}
          value={name}
          autoFocus
          required
          onChange={(event) => setName(event.target.value)}
          data-testid="category-name"
        />
        <DialogActions submitLabel={t("common:actions.save")} onCancel={onClose} disabled={!trimmed} />
      </form>
    </Dialog>
  )
}
