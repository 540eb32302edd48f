// One inbox: its name, the two ways in (e-mail address, webhook with its secret) with copy buttons, renaming,
// deleting, and the way to its timeline.
import type { InboxTarget } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { buildUrl } from "../../api/request.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { copyText } from "../../lib/clipboard.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { useDeleteInbox, useRenameInbox } from "../../queries/inboxes.ts"
import { inboxAddress, inboxWebhookUrl } from "./inbox-handle.ts"

export function InboxCard({ inbox, domain }: { inbox: InboxTarget; domain: string | null | undefined }) {
  const { t } = useTranslation("lists")
  const [renaming, setRenaming] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteInbox()
  const handle = inbox.id
  // An optimistic inbox has no secret until the server has made one.
  const pending = !inbox.secret
  const apiOrigin = new URL(buildUrl("/"), window.location.origin).origin

  return (
    <li className="rounded-lg border border-line bg-surface p-3 sm:p-4" data-testid="inbox-card" data-handle={handle}>
      {renaming ? (
        <RenameForm inbox={inbox} onDone={() => setRenaming(false)} />
      ) : (
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <div className="min-w-0 flex-1 basis-48">
            <h2 className="truncate font-semibold" data-testid="inbox-title">
              {inbox.title || handle}
            </h2>
            <p className="text-xs text-ink-faint">{t("inbox_handle", { handle })}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Link
              to={timelinePath({ view: 0, feed: { kind: "inbox", inboxId: handle } })}
              className="inline-flex h-7 items-center gap-1.5 rounded-md bg-accent px-2.5 text-xs font-medium text-on-accent hover:bg-accent-strong"
              data-testid="inbox-open"
            >
              {t("inbox_open")}
            </Link>
            <Button size="sm" onClick={() => setRenaming(true)} disabled={pending} data-testid="inbox-rename">
              <Icon name="pencil" className="size-3.5" />
              {t("rename")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setConfirming(true)}
              disabled={pending}
              data-testid="inbox-delete"
            >
              <Icon name="trash" className="size-3.5" />
              {t("delete")}
            </Button>
          </div>
        </div>
      )}
      <dl className="mt-3 grid grid-cols-[minmax(0,1fr)] gap-2 border-t border-line pt-3 text-sm">
        {domain && <CopyRow label={t("inbox_email")} value={inboxAddress(handle, domain)} testId="inbox-email" />}
        <CopyRow label={t("inbox_webhook")} value={inboxWebhookUrl(apiOrigin, handle)} testId="inbox-webhook" />
        {pending ? (
          <div>
            <dt className="text-xs font-medium text-ink-soft">{t("inbox_secret")}</dt>
            <dd className="text-ink-faint">{t("inbox_secret_pending")}</dd>
          </div>
        ) : (
          <CopyRow label={t("inbox_secret")} value={inbox.secret} testId="inbox-secret" secret />
        )}
      </dl>
      <p className="mt-2 text-xs text-ink-faint">{t("inbox_webhook_hint")}</p>
      <ConfirmDialog
        open={confirming}
        title={t("inbox_delete_title", { name: inbox.title || handle })}
        description={t("inbox_delete_description")}
        confirmLabel={t("delete")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(handle)}
      />
    </li>
  )
}

function CopyRow({ label, value, testId, secret }: { label: string; value: string; testId: string; secret?: boolean }) {
  const { t } = useTranslation("lists")
  const [shown, setShown] = useState(!secret)
  return (
    <div>
      <dt className="text-xs font-medium text-ink-soft">{label}</dt>
      <dd className="mt-0.5 flex items-center gap-1.5">
        <code
          className="min-w-0 flex-1 rounded-md bg-hover px-2 py-1 font-mono text-xs break-all"
          data-testid={testId}
          data-value={value}
          title={shown ? value : undefined}
        >
          {shown ? value : "•".repeat(24)}
        </code>
        {secret && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setShown(!shown)}
            aria-pressed={shown}
            data-testid={`${testId}-show`}
          >
            {shown ? t("hide") : t("show")}
          </Button>
        )}
        <Button
          size="sm"
          onClick={() => void copyText(value, "text")}
          aria-label={t("copy_what", { what: label })}
          data-testid={`${testId}-copy`}
        >
          <Icon name="copy" className="size-3.5" />
          {t("copy")}
        </Button>
      </dd>
    </div>
  )
}

function RenameForm({ inbox, onDone }: { inbox: InboxTarget; onDone: () => void }) {
  const { t } = useTranslation(["lists", "common"])
  const rename = useRenameInbox()
  const [title, setTitle] = useState(inbox.title ?? "")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    rename.mutate({ handle: inbox.id, title: title.trim() || null })
    onDone()
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-48 flex-1">
        <TextField
          label={t("inbox_name")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          autoFocus
          data-testid="inbox-rename-title"
        />
      </div>
      <Button onClick={onDone}>{t("common:actions.cancel")}</Button>
      <Button type="submit" variant="primary" data-testid="inbox-rename-submit">
        {t("save")}
      </Button>
    </form>
  )
}
