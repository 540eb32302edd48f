// Settings › data control: OPML import and export, the JSON data document out and in, and resetting what this
// browser keeps of the app.

import { useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { type DataImportResult, downloadData, downloadOpml, importData } from "../../api/data-control.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { resetLocalData } from "../../db/reset-local-data.ts"
import { errorMessage } from "../../i18n/error-message.ts"
import { ImageCacheRows } from "./image-cache-rows.tsx"
import { LocalDatabaseRows } from "./local-database-rows.tsx"
import { OpmlImportPanel } from "./opml-import-panel.tsx"
import { SettingsSection } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

const linkButton =
  "inline-flex h-9 shrink-0 items-center justify-center rounded-lg border border-line bg-surface px-3.5 text-sm font-medium text-ink shadow-xs hover:bg-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent dark:bg-surface-raised"

function ActionRow(props: { label: string; description: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="text-sm font-medium text-ink">{props.label}</p>
        <p className="mt-0.5 text-xs leading-relaxed text-ink-soft">{props.description}</p>
      </div>
      {props.children}
    </div>
  )
}

export function DataControlSettingsPage() {
  const { t } = useTranslation("settings")
  return (
    <SettingsPage page="data-control">
      <SettingsSection title={t("data-control.section.import")}>
        <OpmlImportPanel />
      </SettingsSection>
      <SettingsSection title={t("data-control.section.export")}>
        <ActionRow label={t("data-control.export.opml")} description={t("data-control.export.opml_description")}>
          <DownloadButton testId="export-opml" download={downloadOpml} />
        </ActionRow>
        <ActionRow label={t("data-control.export.data")} description={t("data-control.export.data_description")}>
          <DownloadButton testId="export-data" download={downloadData} />
        </ActionRow>
        <DataImportRow />
      </SettingsSection>
      <SettingsSection title={t("data-control.section.local")}>
        <LocalDatabaseRows Row={ActionRow} />
        <ImageCacheRows Row={ActionRow} />
        <ResetLocalRow />
      </SettingsSection>
    </SettingsPage>
  )
}

function DownloadButton({ testId, download }: { testId: string; download: () => Promise<void> }) {
  const { t } = useTranslation("settings")
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({})
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        data-testid={testId}
        disabled={state.busy}
        onClick={() => {
          setState({ busy: true })
          download().then(
            () => setState({}),
            (error: unknown) => setState({ error: errorMessage(error) }),
          )
        }}
      >
        {t("data-control.export.download")}
      </Button>
      {state.error && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </div>
  )
}

function DataImportRow() {
  const { t } = useTranslation("settings")
  const queryClient = useQueryClient()
  const [state, setState] = useState<{ busy?: boolean; result?: DataImportResult; error?: string }>({})
  async function upload(file: File | undefined) {
    if (!file) return
    setState({ busy: true })
    try {
      const result = await importData(JSON.parse(await file.text()))
      setState({ result })
      void queryClient.invalidateQueries()
    } catch (error) {
      setState({ error: errorMessage(error) })
    }
  }
  return (
    <div>
      <ActionRow label={t("data-control.import_data.label")} description={t("data-control.import_data.description")}>
        <label className={`${linkButton} cursor-pointer focus-within:outline-2 focus-within:outline-accent`}>
          {state.busy ? t("data-control.import_data.busy") : t("data-control.import_data.choose")}
          <input
            type="file"
            accept=".json,application/json"
            className="sr-only"
            disabled={state.busy}
            data-testid="data-import-input"
            onChange={(event) => {
              void upload(event.target.files?.[0])
              event.target.value = ""
            }}
          />
        </label>
      </ActionRow>
      {state.result && (
        <p role="status" className="px-4 pb-3 text-sm text-ink-soft">
          {t("data-control.import_data.done", { ...state.result })}
        </p>
      )}
      {state.error && (
        <p role="alert" className="px-4 pb-3 text-sm text-red-700 dark:text-red-400">
          {state.error}
        </p>
      )}
    </div>
  )
}

function ResetLocalRow() {
  const { t } = useTranslation("settings")
  const [asking, setAsking] = useState(false)
  return (
    <ActionRow label={t("data-control.reset.label")} description={t("data-control.reset.description")}>
      <Button variant="danger" onClick={() => setAsking(true)} data-testid="reset-local-data">
        {t("data-control.reset.action")}
      </Button>
      <ConfirmDialog
        open={asking}
        danger
        title={t("data-control.reset.confirm_title")}
        description={t("data-control.reset.confirm_description")}
        confirmLabel={t("data-control.reset.action")}
        onClose={() => setAsking(false)}
        onConfirm={() => void resetLocalData().then(() => window.location.reload())}
      />
    </ActionRow>
  )
}

export { DataControlSettingsPage as Component }
