// Inboxes (/inboxes): the user's inboxes, each fed by e-mail to <handle>@<domain> or by a webhook holding its
// secret; a form makes a new one, naming what is wrong with a handle before and after asking the server.
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../components/ui/button.tsx"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { TextField } from "../components/ui/field.tsx"
import { PageFrame } from "../components/ui/page-frame.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { InboxCard } from "../features/inboxes/inbox-card.tsx"
import { handleProblem } from "../features/inboxes/inbox-handle.ts"
import { errorMessage } from "../i18n/error-message.ts"
import { useCreateInbox, useInboxEmailDomain, useInboxes } from "../queries/inboxes.ts"

export function InboxesRoute() {
  const { t } = useTranslation(["lists", "common"])
  const inboxes = useInboxes()
  const domain = useInboxEmailDomain().data

  return (
    <PageFrame title={t("inboxes_title")} hint={t("inboxes_hint")}>
      <NewInboxForm domain={domain} />
      <div className="mt-4">
        {inboxes.isPending ? (
          <LoadingPane label={t("common:status.loading")} />
        ) : inboxes.data?.length ? (
          <ul className="flex flex-col gap-3" data-testid="inboxes">
            {inboxes.data.map((inbox) => (
              <InboxCard key={inbox.id} inbox={inbox} domain={domain} />
            ))}
          </ul>
        ) : (
          <EmptyState icon="book" title={t("inboxes_none")} />
        )}
      </div>
    </PageFrame>
  )
}

function NewInboxForm({ domain }: { domain: string | null | undefined }) {
  const { t } = useTranslation("lists")
  const create = useCreateInbox()
  const [handle, setHandle] = useState("")
  const [title, setTitle] = useState("")
  const [problem, setProblem] = useState("")

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const broken = handleProblem(handle)
    if (broken) return setProblem(t(`handle_problem.${broken}`))
    setProblem("")
    create.mutate(
      { handle: handle.trim().toLowerCase(), title: title.trim() || null },
      {
        onSuccess: () => {
          setHandle("")
          setTitle("")
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-lg border border-line bg-surface p-3 sm:grid-cols-2 sm:p-4"
      aria-label={t("inbox_new")}
      data-testid="inbox-form"
      noValidate
    >
      <h2 className="font-semibold sm:col-span-2">{t("inbox_new")}</h2>
      <TextField
        label={t("inbox_handle_label")}
        hint={domain ? t("inbox_handle_hint", { address: `${handle.trim().toLowerCase() || "…"}@${domain}` }) : null}
        value={handle}
        onChange={(event) => {
          setHandle(event.target.value)
          setProblem("")
        }}
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={Boolean(problem)}
        data-testid="inbox-handle"
      />
      <TextField
        label={t("inbox_name")}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={200}
        data-testid="inbox-name"
      />
      <p
        role="alert"
        className="text-sm text-red-700 empty:hidden sm:col-span-2 dark:text-red-300"
        data-testid="inbox-problem"
      >
        {problem}
      </p>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" variant="primary" disabled={create.isPending} data-testid="inbox-create">
          {t("inbox_create")}
        </Button>
      </div>
    </form>
  )
}

export { InboxesRoute as Component }
