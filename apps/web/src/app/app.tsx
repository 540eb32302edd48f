// Providers around the router: server state, the appearance, and the toaster once it is wanted (lib/toast.ts).
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react"
import { RouterProvider } from "react-router"
import { afterFirstScreen } from "../lib/first-screen.ts"
import { toasterWanted, wantToaster } from "../lib/toast.ts"
import { AppearanceEffects } from "./appearance.tsx"
import type { AppRouter } from "./router.tsx"

const AppToaster = lazy(() => import("./toaster.tsx"))

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  const toaster = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get)
  useEffect(() => {
    // Alt+T and the first toast need it; it loads once the first screen is drawn, before either.
    void afterFirstScreen(2000).then(wantToaster)
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <AppearanceEffects />
      <RouterProvider router={router} />
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}
