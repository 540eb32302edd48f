// One namespace of the RSSHub catalogue: its name, site, language and followers here, folding out its routes.
import { useTranslation } from "react-i18next"
import type { RsshubNamespace } from "../../api/discover.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { formatShortNumber } from "../../lib/format-number.ts"
import { namespaceFollowers, routeFollowers } from "./catalogue.ts"
import { RouteCard } from "./route-card.tsx"

export function NamespaceSection(props: {
  namespace: string
  ns: RsshubNamespace
  analytics: Record<string, { subscriptionCount: number }> | undefined
  open: boolean
}) {
  const { t, i18n } = useTranslation("discover")
  const { namespace, ns, analytics } = props
  const routes = Object.values(ns.routes)
  const followers = namespaceFollowers(analytics, namespace)
  return (
    <li data-testid="rsshub-namespace" data-namespace={namespace}>
      {/* key: a filter that narrows to a few namespaces opens them; details keeps its own state otherwise. */}
      <details key={String(props.open)} open={props.open} className="group rounded-xl border border-line bg-surface/60">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-3 py-2.5 outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-accent">
          <Icon
            name="chevronRight"
            className="size-4 shrink-0 text-ink-faint transition-transform group-open:rotate-90"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold">
              {ns.name} <span className="font-mono text-xs font-normal text-ink-soft">{namespace}</span>
            </span>
            {ns.url && <span className="block truncate text-xs text-ink-soft">{ns.url}</span>}
          </span>
          <span className="shrink-0 text-right text-xs text-ink-faint">
            {t("rsshub.routes", { count: routes.length })}
            {followers > 0 && (
              <span className="block">
                {t("followers", { count: followers, number: formatShortNumber(followers, i18n.language) })}
              </span>
            )}
          </span>
        </summary>
        <ul className="flex flex-col gap-2 px-3 pb-3">
          {routes.map((route) => (
            <RouteCard
              key={route.path}
              item={{ namespace, ns, route }}
              followers={routeFollowers(analytics, namespace, route.path)}
            />
          ))}
        </ul>
      </details>
    </li>
  )
}
