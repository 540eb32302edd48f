// The subscribe half of the add dialog: view, category, title, private, hide from timeline.
import type { Feed } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { categoryNames } from "../../queries/subscription-selectors.ts"
import { useCreateSubscription, useSubscriptions } from "../../queries/subscriptions.ts"
import { type SubscriptionFields, SubscriptionFormFields } from "./subscription-form-fields.tsx"

export function SourceSubscribeForm(props: { feed: Feed; view: number; onSubscribed: (view: number) => void }) {
  const { t } = useTranslation(["app", "common"])
  const subs = useSubscriptions().data ?? []
  const create = useCreateSubscription()
  const [fields, setFields] = useState<SubscriptionFields>({ view: Math.max(props.view, 0), category: "", title: "" })
  const [isPrivate, setPrivate] = useState(false)
  const [hideFromTimeline, setHide] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = {
      url: props.feed.url,
      view: fields.view,
      category: fields.category.trim() || null,
      title: fields.title.trim() || null,
      isPrivate,
      hideFromTimeline,
    }
    create.mutate(input, { onSuccess: () => props.onSubscribed(input.view) })
  }

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-col gap-3">
      <SubscriptionFormFields
        value={fields}
        onChange={setFields}
        categories={categoryNames(subs)}
        titlePlaceholder={props.feed.title ?? undefined}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={isPrivate}
          onChange={(e) => setPrivate(e.target.checked)}
          data-testid="subscription-private"
        />
        {t("source.private")}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={hideFromTimeline}
          onChange={(e) => setHide(e.target.checked)}
          data-testid="subscription-hide"
        />
        {t("source.hide_from_timeline")}
      </label>
      {create.isError && (
        <p
          role="alert"
          className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
          data-testid="add-feed-error"
        >
          {errorMessage(create.error)}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={create.isPending} data-testid="add-feed-submit">
        {create.isPending && <Spinner className="size-3.5" label={t("subscription.adding")} />}
        {t("subscription.subscribe")}
      </Button>
    </form>
  )
}
