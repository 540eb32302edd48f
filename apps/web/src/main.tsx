// Start-up: translations first (no untranslated flash), then the API hooks, then the app.
import "./index.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { installApiEvents } from "./app/api-events.tsx"
import { App } from "./app/app.tsx"
import { applyAppearance } from "./app/appearance.tsx"
import { createQueryClient } from "./app/query-client.ts"
import { createAppRouter } from "./app/router.tsx"
import { installVisibilityRefetch } from "./app/visibility.ts"
import { USER_ID_KEY } from "./db/keys.ts"
import { initI18n } from "./i18n/index.ts"
import { afterFirstScreen } from "./lib/first-screen.ts"

async function start() {
  // Someone has read here before: open the local database now, so its copy is ready by the time the session is
  // known (the worker compiles SQLite beside the page's own start).
  if (localStorage.getItem(USER_ID_KEY)) void import("./db/client.ts").then((db) => db.localDatabase())
  // The saved scheme, accent and font before anything is drawn.
  applyAppearance()
  await initI18n()
  const queryClient = createQueryClient()
  const router = createAppRouter()
  installApiEvents({
    queryClient,
    navigate: (path) => void router.navigate(path),
    currentPath: () => router.state.location.pathname + router.state.location.search,
  })
  installVisibilityRefetch(queryClient)
  const root = document.getElementById("root")
  if (!root) throw new Error("#root is missing from index.html")
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  )
  // The installable app's worker, then web push: neither is part of the first screen.
  void afterFirstScreen(3000).then(async () => {
    const { startServiceWorker } = await import("./app/service-worker.ts")
    if (!(await startServiceWorker())) return
    const { showPushesInPage, startWebPush } = await import("./app/web-push.ts")
    showPushesInPage((path) => void router.navigate(path))
    await startWebPush()
  })
}

void start()
