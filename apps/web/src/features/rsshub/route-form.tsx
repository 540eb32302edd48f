// The form of one RSSHub route: a field per parameter of its path (required ones marked, the example's value as
// placeholder, the catalogue's options as a choice), the rsshub:// URL it builds, then the feed's preview and the
// subscribe form once the instance has answered.
import { useMutation } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { discoverItems } from "../../api/discover.ts"
import { Button } from "../../components/ui/button.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { FeedPanel } from "../discover/feed-panel.tsx"
import type { RouteItem } from "./catalogue.ts"
import { type BuildResult, buildRouteUrl, type RouteParam, routeParams } from "./route-params.ts"

export function RouteForm({ item }: { item: RouteItem }) {
  const { t } = useTranslation(["discover", "common"])
  const params = routeParams(item.namespace, item.route)
  const [values, setValues] = useState<Record<string, string>>({})
  const built = buildRouteUrl(item.namespace, item.route.path, values)
  const find = useMutation({ mutationFn: (url: string) => discoverItems(url) })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if ("url" in built) find.mutate(built.url)
  }
  const feed = find.data?.[0]?.feed
  return (
    <div className="border-t border-line p-3" data-testid="rsshub-route-form">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {params.length === 0 && <p className="text-sm text-ink-soft">{t("rsshub.form.no_params")}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          {params.map((param) => (
            <ParamField
              key={param.name}
              param={param}
              value={values[param.name] ?? ""}
              onChange={(value) => {
                setValues({ ...values, [param.name]: value })
                find.reset()
              }}
            />
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded-md bg-hover px-2 py-1.5 text-xs break-all"
            data-testid="rsshub-built-url"
          >
            {"url" in built ? built.url : `rsshub://${item.namespace}${item.route.path}`}
          </code>
          <Button
            type="submit"
            variant="primary"
            size="sm"
            disabled={!("url" in built) || find.isPending}
            data-testid="rsshub-preview"
          >
            {find.isPending && <Spinner className="size-3" label={t("common:status.loading")} />}
            {t("rsshub.form.preview")}
          </Button>
        </div>
        <BuildProblem built={built} />
        {find.isError && (
          <p role="alert" className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300">
            {errorMessage(find.error)}
          </p>
        )}
        {find.isSuccess && !feed && (
          <p role="status" className="text-sm text-ink-soft">
            {t("rsshub.form.no_feed")}
          </p>
        )}
      </form>
      {feed && (
        <div className="mt-3 overflow-hidden rounded-xl border border-line">
          <p className="px-3 pt-3 text-sm font-semibold" data-testid="rsshub-feed-title">
            {feed.title ?? feed.url}
          </p>
          <FeedPanel feed={feed} view={item.route.view} />
        </div>
      )}
    </div>
  )
}

/** Why the URL cannot be built yet, if it cannot. */
function BuildProblem({ built }: { built: BuildResult }) {
  const { t } = useTranslation("discover")
  if ("url" in built) return null
  return (
    <p className="text-xs text-ink-soft" data-testid="rsshub-form-problem">
      {"missing" in built
        ? t("rsshub.form.missing", { name: built.missing })
        : t("rsshub.form.gap", { name: built.gapBefore })}
    </p>
  )
}

function ParamField(props: { param: RouteParam; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("discover")
  const { param } = props
  const label = `${param.name}${param.optional ? ` (${t("rsshub.form.optional")})` : ""}`
  if (param.options.length) {
    return (
      <div>
        <SelectField
          label={label}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          data-testid={`rsshub-param-${param.name}`}
        >
          <option value="">{param.optional ? t("rsshub.form.unset") : t("rsshub.form.choose")}</option>
          {param.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        {param.description && <p className="mt-1 text-xs text-ink-faint">{param.description}</p>}
      </div>
    )
  }
  return (
    <TextField
      label={label}
      hint={param.description || null}
      placeholder={param.example ? t("rsshub.form.example", { value: param.example }) : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      required={!param.optional}
      autoCapitalize="none"
      spellCheck={false}
      data-testid={`rsshub-param-${param.name}`}
    />
  )
}
