// Sending one entry to one service: its request built from the entry (with the entry's Markdown for the services
// that take notes) and sent from the browser or through the relay. Loaded when the user picks "Save to …", so the
// request builders stay out of the reader's first download.
import type { EntryDetail } from "@tidings/shared"
import { entryContext } from "./entry-context.ts"
import { entryHtmlToMarkdown } from "./html-to-markdown.ts"
import type { CustomIntegration, IntegrationKind, IntegrationSettings } from "./integration-settings.ts"
import { BUILDERS, buildCustom } from "./requests.ts"
import { sendPlan } from "./send.ts"

export function saveEntry(
  target: { kind: IntegrationKind } | { custom: CustomIntegration },
  detail: EntryDetail,
  settings: IntegrationSettings,
) {
  const context = entryContext(detail, {
    saveSummaryAsDescription: settings.saveSummaryAsDescription,
    toMarkdown: entryHtmlToMarkdown,
  })
  const plan = "kind" in target ? BUILDERS[target.kind](settings, context) : buildCustom(target.custom, context)
  return sendPlan(plan, { browserFetch: settings.useBrowserFetch })
}
