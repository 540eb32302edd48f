// A yes/no question in a dialog, for destructive actions.
import { useTranslation } from "react-i18next"
import { Button } from "./button.tsx"
import { Dialog } from "./dialog.tsx"

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description?: string
  confirmLabel: string
  danger?: boolean
  onConfirm: () => void
  onClose: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation("common")
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title} description={props.description}>
      <div className="flex justify-end gap-2">
        <Button onClick={props.onClose}>{t("actions.cancel")}</Button>
        <Button
          variant={props.danger ? "danger" : "primary"}
          onClick={() => {
            props.onClose()
            props.onConfirm()
          }}
          data-testid="confirm-dialog-confirm"
        >
          {props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  )
}
