// Providers around the router: server state and the toaster with the spec's rules (app/toast-rules.ts).
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import type { CSSProperties } from "react"
import { useTranslation } from "react-i18next"
import { RouterProvider } from "react-router"
import { Toaster } from "sonner"
import { AppearanceEffects, useResolvedTheme } from "./appearance.tsx"
import type { AppRouter } from "./router.tsx"
import { TOASTS } from "./toast-rules.ts"

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  const { t } = useTranslation(["app", "common"])
  const theme = useResolvedTheme()
  return (
    <QueryClientProvider client={queryClient}>
      <AppearanceEffects />
      <RouterProvider router={router} />
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
    </QueryClientProvider>
  )
}
