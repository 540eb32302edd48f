// Providers around the router: server state, toasts (spec: 3 visible, 4000 ms, bottom-right).
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { RouterProvider } from "react-router"
import { Toaster } from "sonner"
import type { AppRouter } from "./router.tsx"

const TOAST_DURATION_MS = 4000
const VISIBLE_TOASTS = 3

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster
        position="bottom-right"
        visibleToasts={VISIBLE_TOASTS}
        duration={TOAST_DURATION_MS}
        theme="system"
        richColors
        closeButton={false}
      />
    </QueryClientProvider>
  )
}
