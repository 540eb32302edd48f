// Settings › data control › this browser: the local database's size, its export as a .sqlite file (read from the
// worker in 64 KiB chunks), and deleting it. The database opens only when this section is shown.
import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { localDatabase } from "../../db/client.ts"
import { errorMessage } from "../../i18n/error-message.ts"

const LOCAL_DB_KEY = ["local-database"] as const

/** Bytes as the page shows them: B, KB or MB with one decimal, in the interface language's digits. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"]
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const digits = unit === 0 ? 0 : 1
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`
}

async function downloadDatabase() {
  const parts = await localDatabase().exportChunks()
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: "application/vnd.sqlite3" }))
  const link = document.createElement("a")
  link.href = url
  link.download = `tidings-local-${new Date().toISOString().slice(0, 10)}.sqlite`
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function LocalDatabaseRows({ Row }: { Row: (props: RowProps) => React.ReactNode }) {
  const { t, i18n } = useTranslation("settings")
  const queryClient = useQueryClient()
  const info = useQuery({
    queryKey: LOCAL_DB_KEY,
    queryFn: async () => {
      const db = localDatabase()
      const opened = await db.ready
      return { ...opened, bytes: await db.size() }
    },
    staleTime: 0,
    gcTime: 0,
  })
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({})
  const [asking, setAsking] = useState(false)
  const described = info.data
    ? t(info.data.storage === "opfs" ? "data-control.local_db.size" : "data-control.local_db.size_memory", {
        size: formatBytes(info.data.bytes, i18n.language),
      })
    : info.isError
      ? errorMessage(info.error)
      : t("data-control.local_db.opening")

  const run = (task: () => Promise<void>) => {
    setState({ busy: true })
    task().then(
      () => setState({}),
      (error: unknown) => setState({ error: errorMessage(error) }),
    )
  }

  return (
    <>
      <Row label={t("data-control.local_db.label")} description={described}>
        <div className="flex flex-col items-end gap-1">
          <Button
            data-testid="export-local-db"
            disabled={state.busy || !info.data}
            onClick={() => run(downloadDatabase)}
          >
            {t("data-control.local_db.export")}
          </Button>
          {state.error && (
            <p role="alert" className="text-xs text-red-700 dark:text-red-400">
              {state.error}
            </p>
          )}
        </div>
      </Row>
      <Row label={t("data-control.local_db.reset_label")} description={t("data-control.local_db.reset_description")}>
        <Button variant="danger" disabled={!info.data} onClick={() => setAsking(true)} data-testid="reset-local-db">
          {t("data-control.local_db.reset")}
        </Button>
        <ConfirmDialog
          open={asking}
          danger
          title={t("data-control.local_db.reset_confirm_title")}
          description={t("data-control.local_db.reset_confirm_description")}
          confirmLabel={t("data-control.local_db.reset")}
          onClose={() => setAsking(false)}
          onConfirm={() =>
            run(async () => {
              await localDatabase().reset()
              await queryClient.invalidateQueries({ queryKey: LOCAL_DB_KEY })
            })
          }
        />
      </Row>
    </>
  )
}

export interface RowProps {
  label: string
  description: string
  children: React.ReactNode
}
