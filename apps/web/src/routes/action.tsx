// Actions (/action): the user's automation rules, edited as a whole list and tested on recent entries before saving.
import { useTranslation } from "react-i18next"
import { PageFrame } from "../components/ui/page-frame.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { RulesEditor } from "../features/actions/rules-editor.tsx"
import { errorMessage } from "../i18n/error-message.ts"
import { useActionRules } from "../queries/actions.ts"

export function ActionRoute() {
  const { t } = useTranslation(["actions", "common"])
  const rules = useActionRules()
  return (
    <PageFrame title={t("title")} hint={t("hint")}>
      {rules.isPending ? (
        <LoadingPane label={t("common:status.loading")} />
      ) : rules.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {errorMessage(rules.error)}
        </p>
      ) : (
        // The editor copies the stored list once: a refetch later must not overwrite an edit in progress.
        <RulesEditor stored={rules.data} />
      )}
    </PageFrame>
  )
}

export { ActionRoute as Component }
