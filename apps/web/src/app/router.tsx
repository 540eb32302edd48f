// The route table (spec client §2). The timeline is bundled; the other screens load on demand.
import { createBrowserRouter, Navigate } from "react-router"
import { withStrings } from "../i18n/with-strings.ts"
import { DEFAULT_TIMELINE_PATH } from "../lib/route-ids.ts"
import { EntryRoute } from "../routes/entry.tsx"
import { ErrorPage } from "../routes/error-page.tsx"
import { TimelineRoute } from "../routes/timeline.tsx"
import { RequireAuth } from "./require-auth.tsx"
import { RootLayout, RouteFallback } from "./root-layout.tsx"

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <ErrorPage />,
      // Shown while a lazy screen (e.g. /login) loads on the first page load.
      hydrateFallbackElement: <RouteFallback />,
      children: [
        { index: true, element: <Navigate to={DEFAULT_TIMELINE_PATH} replace /> },
        { path: "login", lazy: withStrings(["auth"], () => import("../routes/login.tsx")) },
        { path: "forgot-password", lazy: withStrings(["auth"], () => import("../routes/forgot-password.tsx")) },
        { path: "reset-password/:token", lazy: withStrings(["auth"], () => import("../routes/reset-password.tsx")) },
        { path: "invitation", lazy: withStrings(["settings", "auth"], () => import("../routes/invitation.tsx")) },
        {
          element: <RequireAuth />,
          children: [
            { path: "timeline/:timelineId?", element: <Navigate to={DEFAULT_TIMELINE_PATH} replace /> },
            {
              path: "timeline/:timelineId/:feedId",
              element: <TimelineRoute />,
              children: [
                { index: true, element: <EntryRoute /> },
                { path: ":entryId", element: <EntryRoute /> },
              ],
            },
            {
              path: "settings",
              lazy: withStrings(
                ["settings", "integrations", "guide", "ai", "mcp", "ai-tasks", "ai-chat", "auth", "lists"],
                () => import("../routes/settings.tsx"),
              ),
              children: [
                {
                  index: true,
                  lazy: async () => ({ Component: (await import("../routes/settings.tsx")).SettingsIndex }),
                },
                { path: "general", lazy: () => import("../features/settings/general-page.tsx") },
                { path: "appearance", lazy: () => import("../features/settings/appearance-page.tsx") },
                { path: "ai", lazy: () => import("../features/settings/ai-page.tsx") },
                { path: "shortcuts", lazy: () => import("../routes/settings-shortcuts.tsx") },
                { path: "about", lazy: () => import("../features/settings/about-page.tsx") },
                { path: "list", lazy: () => import("../routes/settings-list.tsx") },
                { path: "profile", lazy: () => import("../features/settings/profile-page.tsx") },
                { path: "invitations", lazy: () => import("../features/settings/invitations-page.tsx") },
                { path: "referral", lazy: () => import("../features/settings/referral-page.tsx") },
                { path: "plan", lazy: () => import("../features/settings/plan-page.tsx") },
                { path: "sync-apps", lazy: () => import("../features/settings/sync-apps-page.tsx") },
                { path: "data-control", lazy: () => import("../features/settings/data-control-page.tsx") },
                { path: "integration", lazy: () => import("../features/settings/integration-page.tsx") },
                { path: "notifications", lazy: () => import("../features/settings/notifications-page.tsx") },
                { path: "feeds", lazy: withStrings(["wallet"], () => import("../features/settings/feeds-page.tsx")) },
              ],
            },
            { path: "discover", lazy: withStrings(["discover", "lists"], () => import("../routes/discover.tsx")) },
            {
              path: "discover/category/:category",
              lazy: withStrings(["discover", "lists"], async () => ({
                Component: (await import("../routes/discover.tsx")).CategoryPage,
              })),
            },
            { path: "rsshub", lazy: withStrings(["discover"], () => import("../routes/rsshub.tsx")) },
            { path: "power", lazy: withStrings(["wallet"], () => import("../routes/power.tsx")) },
            // Admins only (the screen says so to others; the server answers them 1004 anyway).
            { path: "admin", lazy: withStrings(["admin", "wallet"], () => import("../routes/admin.tsx")) },
            // Usage analytics for admins (the server answers 1004 to anyone else).
            {
              path: "admin/analytics",
              lazy: withStrings(["analytics"], () => import("../features/admin/analytics-dashboard.tsx")),
            },
            // The spec names no route for a list's public page or for managing inboxes.
            { path: "share/lists/:listId", lazy: withStrings(["lists"], () => import("../routes/share-list.tsx")) },
            // A user's public page, by handle or (for users without one) by id.
            { path: "profile/id/:userId", lazy: withStrings(["profiles"], () => import("../routes/profile.tsx")) },
            { path: "profile/:handle", lazy: withStrings(["profiles"], () => import("../routes/profile.tsx")) },
            { path: "inboxes", lazy: withStrings(["lists"], () => import("../routes/inboxes.tsx")) },
            { path: "action", lazy: withStrings(["actions"], () => import("../routes/action.tsx")) },
            { path: "ai/:chatId?", lazy: withStrings(["ai-chat", "ai"], () => import("../routes/ai.tsx")) },
          ],
        },
        { path: "*", lazy: () => import("../routes/not-found.tsx") },
      ],
    },
  ])
}

export type AppRouter = ReturnType<typeof createAppRouter>
