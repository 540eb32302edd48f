// The /rsshub screen's own instances: the ones I added and the admin's shared ones, which one my rsshub:// feeds
// come from (use / stop using), a reachability test, deleting mine, and a form to add one (the server tests it).
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { ApiError } from "../../api/api-error.ts"
import type { RsshubInstance, RsshubProbe } from "../../api/rsshub.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import {
  useAddRsshubInstance,
  useChooseRsshubInstance,
  useDeleteRsshubInstance,
  useProbeRsshubInstance,
  useRsshubInstances,
} from "./use-rsshub-instances.ts"

/** The catalogue's message for the code, with the server's reason (which URL check failed, what the instance said). */
function failure(error: unknown): string {
  const message = errorMessage(error)
  return error instanceof ApiError && error.reason && error.reason !== message
    ? `${message} (${error.reason})`
    : message
}

function Alert({ error, testId }: { error: unknown; testId?: string }) {
  return (
    <p role="alert" className="px-4 py-2 text-sm text-red-700 dark:text-red-400" data-testid={testId}>
      {failure(error)}
    </p>
  )
}

export function InstancesSection() {
  const { t } = useTranslation("discover")
  const instances = useRsshubInstances()
  const choose = useChooseRsshubInstance()
  const inUse = instances.data?.find((i) => i.inUse)
  return (
    <section aria-labelledby="rsshub-instances-title" className="mt-5" data-testid="rsshub-instances">
      <h2 id="rsshub-instances-title" className="text-base font-semibold">
        {t("rsshub.instances.title")}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-soft">{t("rsshub.instances.hint")}</p>
      <div className="mt-3 divide-y divide-line rounded-xl border border-line bg-surface">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3" data-testid="rsshub-in-use">
          <p className="min-w-0 flex-[1_1_14rem] text-sm">
            <span className="text-ink-soft">{t("rsshub.instances.in_use")} </span>
            <span className="font-medium break-all">
              {inUse ? inUse.baseUrl : t("rsshub.instances.server_default")}
            </span>
          </p>
          {inUse && (
            <Button size="sm" disabled={choose.isPending} onClick={() => choose.mutate(null)} data-testid="rsshub-stop">
              {t("rsshub.instances.stop")}
            </Button>
          )}
        </div>
        {choose.isError && <Alert error={choose.error} />}
        {instances.isPending ? (
          <p className="px-4 py-3 text-sm text-ink-soft">{t("rsshub.instances.loading")}</p>
        ) : instances.isError ? (
          <Alert error={instances.error} />
        ) : instances.data.length === 0 ? (
          <p className="px-4 py-3 text-sm text-ink-soft" data-testid="rsshub-instances-empty">
            {t("rsshub.instances.empty")}
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="rsshub-instance-list">
            {instances.data.map((instance) => (
              <InstanceRow key={instance.id} instance={instance} onUse={(id) => choose.mutate(id)} />
            ))}
          </ul>
        )}
        <AddInstanceForm />
      </div>
    </section>
  )
}

function InstanceRow({ instance, onUse }: { instance: RsshubInstance; onUse: (id: string | null) => void }) {
  const { t, i18n } = useTranslation("discover")
  const probe = useProbeRsshubInstance()
  const remove = useDeleteRsshubInstance()
  const [confirming, setConfirming] = useState(false)
  const when = (iso: string) => formatFullDateTime(new Date(iso), i18n.language)
  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="rsshub-instance" data-id={instance.id}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-[1_1_16rem]">
          <p className="text-sm font-medium break-all" data-testid="rsshub-instance-url">
            {instance.baseUrl}
          </p>
          <p className="mt-0.5 text-xs text-ink-soft">
            {[
              instance.mine
                ? t("rsshub.instances.mine")
                : t("rsshub.instances.shared_by", { name: instance.owner?.name ?? instance.owner?.handle ?? "" }),
              instance.hasAccessKey ? t("rsshub.instances.has_key") : null,
              t("rsshub.instances.users", { count: instance.userCount }),
            ]
              .filter(Boolean)
              .join(" · ")}
            {instance.inUse && (
              <span className="font-medium text-accent-strong" data-testid="rsshub-instance-in-use">
                {" · "}
                {t("rsshub.instances.using")}
              </span>
            )}
          </p>
          {instance.errorMessage && instance.errorAt ? (
            <p className="mt-0.5 text-xs text-red-700 dark:text-red-400">
              {t("rsshub.instances.last_error", { error: instance.errorMessage, date: when(instance.errorAt) })}
            </p>
          ) : instance.lastOkAt ? (
            <p className="mt-0.5 text-xs text-ink-soft">
              {t("rsshub.instances.last_ok", { date: when(instance.lastOkAt) })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={instance.inUse ? "secondary" : "primary"}
            onClick={() => onUse(instance.inUse ? null : instance.id)}
            aria-label={t(instance.inUse ? "rsshub.instances.stop_label" : "rsshub.instances.use_label", {
              url: instance.baseUrl,
            })}
            data-testid="rsshub-instance-use"
          >
            {instance.inUse ? <Icon name="x" /> : <Icon name="check" />}
            {t(instance.inUse ? "rsshub.instances.stop" : "rsshub.instances.use")}
          </Button>
          <Button
            size="sm"
            disabled={probe.isPending}
            onClick={() => probe.mutate(instance.id)}
            aria-label={t("rsshub.instances.test_label", { url: instance.baseUrl })}
            data-testid="rsshub-instance-test"
          >
            <Icon name="refresh" />
            {t("rsshub.instances.test")}
          </Button>
          {instance.mine && (
            <Button
              size="sm"
              className="text-red-700 dark:text-red-400"
              disabled={remove.isPending}
              onClick={() => setConfirming(true)}
              aria-label={t("rsshub.instances.delete_label", { url: instance.baseUrl })}
              data-testid="rsshub-instance-delete"
            >
              <Icon name="trash" />
              {t("rsshub.instances.delete")}
            </Button>
          )}
        </div>
      </div>
      {probe.data && <ProbeLine probe={probe.data} />}
      {probe.isError && <Alert error={probe.error} />}
      {remove.isError && <Alert error={remove.error} testId="rsshub-instance-delete-error" />}
      <ConfirmDialog
        open={confirming}
        title={t("rsshub.instances.delete_title")}
        description={t("rsshub.instances.delete_description", { url: instance.baseUrl })}
        confirmLabel={t("rsshub.instances.delete")}
        danger
        onConfirm={() => remove.mutate(instance.id)}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}

function ProbeLine({ probe }: { probe: RsshubProbe }) {
  const { t } = useTranslation("discover")
  return (
    <p
      role="status"
      className={probe.ok ? "text-xs text-green-800 dark:text-green-300" : "text-xs text-red-700 dark:text-red-400"}
      data-testid="rsshub-instance-probe"
    >
      {probe.ok
        ? t("rsshub.instances.reachable", { ms: probe.latencyMs })
        : t("rsshub.instances.unreachable", { error: probe.error ?? "" })}
    </p>
  )
}

function AddInstanceForm() {
  const { t } = useTranslation("discover")
  const add = useAddRsshubInstance()
  const [baseUrl, setBaseUrl] = useState("")
  const [accessKey, setAccessKey] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!baseUrl.trim()) return
    const input = { baseUrl: baseUrl.trim(), ...(accessKey ? { accessKey } : {}) }
    add.mutate(input, {
      onSuccess: () => {
        setBaseUrl("")
        setAccessKey("")
      },
    })
  }
  return (
    <div>
      <form
        className="grid gap-3 px-4 py-3 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
        onSubmit={submit}
        data-testid="rsshub-add-form"
      >
        <TextField
          label={t("rsshub.instances.url")}
          placeholder="https://rsshub.example.com"
          type="url"
          inputMode="url"
          autoComplete="off"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          data-testid="rsshub-add-url"
        />
        <TextField
          label={t("rsshub.instances.key")}
          placeholder={t("rsshub.instances.key_placeholder")}
          type="password"
          autoComplete="off"
          value={accessKey}
          onChange={(event) => setAccessKey(event.target.value)}
          data-testid="rsshub-add-key"
        />
        <Button type="submit" variant="primary" disabled={add.isPending || !baseUrl.trim()} data-testid="rsshub-add">
          <Icon name="plus" />
          {add.isPending ? t("rsshub.instances.adding") : t("rsshub.instances.add")}
        </Button>
      </form>
      {add.isError && <Alert error={add.error} testId="rsshub-add-error" />}
      {add.isSuccess && (
        <p role="status" className="px-4 pb-3 text-xs text-ink-soft" data-testid="rsshub-add-done">
          {t("rsshub.instances.added")}
        </p>
      )}
    </div>
  )
}
