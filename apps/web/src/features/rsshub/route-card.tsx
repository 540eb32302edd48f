// One RSSHub route as a card: its name, path, namespace, categories and followers here; opening it shows the form
// that builds its rsshub:// URL.
import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { DisclosureButton } from "../../components/ui/disclosure-button.tsx"
import { cx } from "../../lib/cx.ts"
import { formatShortNumber } from "../../lib/format-number.ts"
import { useCategoryLabel } from "../discover/categories.tsx"
import type { RouteItem } from "./catalogue.ts"
import { RouteForm } from "./route-form.tsx"

export function RouteCard(props: { item: RouteItem; followers: number | undefined; showNamespace?: boolean }) {
  const { t, i18n } = useTranslation("discover")
  const { item } = props
  const [open, setOpen] = useState(false)
  const formId = useId()
  const label = useCategoryLabel()
  return (
    <li
      className={cx(
        "min-w-0 overflow-hidden rounded-xl border border-line bg-surface dark:bg-surface-raised",
        // Open, the form and the preview need the whole width of a grid.
        open && "lg:col-span-2",
      )}
      data-testid="rsshub-route"
      data-route={`/${item.namespace}${item.route.path}`}
    >
      <div className="flex items-start gap-3 p-3">
        <div className="min-w-0 flex-1">
          <h4 className="text-sm font-semibold">
            {item.route.name}
            {props.showNamespace && <span className="font-normal text-ink-soft"> · {item.ns.name}</span>}
          </h4>
          <p className="truncate font-mono text-xs text-ink-soft">
            /{item.namespace}
            {item.route.path}
          </p>
          {item.route.description && (
            <p className="mt-1 line-clamp-2 text-xs text-ink-soft">{item.route.description}</p>
          )}
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-ink-faint">
            {props.followers !== undefined && (
              <span data-testid="rsshub-route-followers">
                {t("followers", { count: props.followers, number: formatShortNumber(props.followers, i18n.language) })}
              </span>
            )}
            {item.route.categories?.length ? <span>{item.route.categories.map(label).join(", ")}</span> : null}
          </p>
        </div>
        <DisclosureButton
          open={open}
          controls={formId}
          openLabel={t("rsshub.use_route")}
          closeLabel={t("close")}
          onToggle={() => setOpen(!open)}
          testId="rsshub-route-open"
        />
      </div>
      <div id={formId}>{open && <RouteForm item={item} />}</div>
    </li>
  )
}
