// "Save to <service>" for the open entry: one item per enabled, fully set-up integration that can take this entry,
// for the toolbar's more list. Choosing one sends the entry and says how it went in a toast.
import type { EntryDetail } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import type { IconName } from "../../components/ui/icons.tsx"
import { track } from "../../lib/analytics.ts"
import { toast } from "../../lib/toast.ts"
import { canSave, entryContext } from "./entry-context.ts"
import {
  type CustomIntegration,
  ENABLE_KEY,
  INTEGRATION_KINDS,
  type IntegrationKind,
  type IntegrationSettings,
  useIntegrationStore,
} from "./integration-settings.ts"
import { customErrors, isKindReady } from "./validation.ts"

export interface IntegrationAction {
  id: string
  label: string
  icon: IconName
  run: () => void
}

/** The integrations offered for an entry, in the settings page's order, custom ones last. */
export function offeredIntegrations(settings: IntegrationSettings, hasUrl: boolean) {
  const kinds = INTEGRATION_KINDS.filter((kind) => settings[ENABLE_KEY[kind]] && isKindReady(kind, settings))
  const custom = hasUrl ? settings.customIntegrations.filter((c) => c.enabled && !customErrors(c).length) : []
  return { kinds, custom }
}

export function useIntegrationActions(detail: EntryDetail): IntegrationAction[] {
  // The integrations' strings load on demand (i18n/resources.ts): the items appear once they are in, without
  // holding up the entry.
  const { t, ready } = useTranslation("integrations", { useSuspense: false })
  const settings = useIntegrationStore()
  const { kinds, custom } = offeredIntegrations(settings, Boolean(detail.entries.url))
  if (!ready || (!kinds.length && !custom.length)) return []
  // Cheap without the Markdown, which only the chosen service needs.
  const probe = entryContext(detail, { saveSummaryAsDescription: false, toMarkdown: () => "" })

  const save = async (name: string, target: { kind: IntegrationKind } | { custom: CustomIntegration }) => {
    const id = toast.loading(t("toast.saving", { name }))
    const { saveEntry } = await import("./save-entry.ts")
    const result = await saveEntry(target, detail, settings)
    track("integration", { kind: "kind" in target ? target.kind : "custom", ok: result.ok })
    if (result.ok) toast.success(t("toast.saved", { name }), { id })
    else {
      const hint = result.network && settings.useBrowserFetch ? ` ${t("toast.cors_hint")}` : ""
      toast.error(t("toast.failed", { name }), { id, description: `${result.detail}${hint}`, duration: 8000 })
    }
  }
  const kindAction = (kind: IntegrationKind): IntegrationAction => {
    const name = t(`kind.${kind}`)
    return {
      id: `integration-${kind}`,
      label: t("save_to", { name }),
      icon: kind === "obsidian" ? "book" : "share",
      run: () => void save(name, { kind }),
    }
  }
  const customAction = (item: CustomIntegration): IntegrationAction => {
    const name = item.icon ? `${item.icon} ${item.name}` : item.name
    return {
      id: `integration-custom-${item.id}`,
      label: t("save_to", { name }),
      icon: "share",
      run: () => void save(item.name, { custom: item }),
    }
  }
  return [...kinds.filter((kind) => canSave(kind, probe)).map(kindAction), ...custom.map(customAction)]
}
