// Subscribe to a feed by URL: POST /subscriptions {url, view, category, title}. The server fetches the feed
// first, so this waits for its answer and shows the catalogue message when it fails (2003, 2004, …).
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import { toast } from "sonner"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { categoryNames } from "../../queries/subscription-selectors.ts"
import { useCreateSubscription, useSubscriptions } from "../../queries/subscriptions.ts"
import { type SubscriptionFields, SubscriptionFormFields } from "./subscription-form-fields.tsx"

export function AddFeedDialog({ open, onClose, view }: { open: boolean; onClose: () => void; view: number }) {
  const { t } = useTranslation(["app", "common"])
  const navigate = useNavigate()
  const subs = useSubscriptions().data ?? []
  const create = useCreateSubscription()
  const [url, setUrl] = useState("")
  const [fields, setFields] = useState<SubscriptionFields>({ view: Math.max(view, 0), category: "", title: "" })

  // The sidebar mounts this dialog only while it is open, so its fields start fresh each time.
  const close = onClose

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      url: url.trim(),
      view: fields.view,
      category: fields.category.trim() || null,
      title: fields.title.trim() || null,
    }
    create.mutate(input, {
      onSuccess: (answer) => {
        close()
        const feed = answer.feed
        if (!feed) return
        toast.success(t("subscription.added", { title: input.title ?? feed.title ?? feed.url }))
        navigate(timelinePath({ view: input.view, feed: { kind: "feed", feedId: feed.id } }))
      },
    })
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t("subscription.add_title")}
      description={t("subscription.add_description")}
      testId="add-feed-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t("subscription.url")}
          type="url"
          required
          autoFocus
          placeholder={t("subscription.url_placeholder")}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          data-testid="add-feed-url"
        />
        <SubscriptionFormFields value={fields} onChange={setFields} categories={categoryNames(subs)} />
        {create.isError && (
          <p
            role="alert"
            className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
            data-testid="add-feed-error"
          >
            {errorMessage(create.error)}
          </p>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button onClick={close}>{t("common:actions.cancel")}</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={create.isPending || !url.trim()}
            data-testid="add-feed-submit"
          >
            {create.isPending && <Spinner className="size-3.5" label={t("subscription.adding")} />}
            {create.isPending ? t("subscription.adding") : t("subscription.subscribe")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
