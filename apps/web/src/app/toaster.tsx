// sonner's toaster with the spec's rules (app/toast-rules.ts); loaded after the first screen (lib/toast.ts).
import type { CSSProperties } from "react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { Toaster } from "sonner"
import { toasterMounted } from "../lib/toast.ts"
import { useResolvedTheme } from "./appearance.tsx"
import { TOASTS } from "./toast-rules.ts"

export default function AppToaster() {
  const { t } = useTranslation(["app", "common"])
  const theme = useResolvedTheme()
  useEffect(() => toasterMounted(), [])
  return (
    <Toaster
      position={TOASTS.position}
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      hotkey={[...TOASTS.hotkey]}
      style={{ "--width": `${TOASTS.widthPx}px` } as CSSProperties}
      containerAriaLabel={t("toasts.label")}
      toastOptions={{ closeButtonAriaLabel: t("common:actions.close") }}
      theme={theme}
      richColors
      closeButton={false}
    />
  )
}
