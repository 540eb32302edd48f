// createApp(deps): the Hono app production and tests both use. CORS, auth, the call groups, one error handler.

import { ErrorCode } from "@tidings/shared"
import { type Context, Hono, type Next } from "hono"
import { bodyLimit } from "hono/body-limit"
import { authHandler } from "./auth/handler.ts"
import type { Auth } from "./auth/index.ts"
import { trustedOrigins } from "./auth/origins.ts"
import { publicProviders } from "./auth/social.ts"
import { compressResponses } from "./compression.ts"
import { cors } from "./cors.ts"
import type { Deps } from "./deps.ts"
import { AppError, noSuchCall } from "./errors.ts"
import type { Jobs } from "./jobs/index.ts"
import { actionRoutes } from "./routes/actions.ts"
import { adminRoutes } from "./routes/admin.ts"
import { aiRoutes } from "./routes/ai.ts"
import { aiChatSessionRoutes } from "./routes/ai-chat-sessions.ts"
import { aiMemoryRoutes } from "./routes/ai-memories.ts"
import { aiDailyRoutes, aiTaskRoutes } from "./routes/ai-tasks.ts"
import { adminAnalyticsRoutes, analyticsRoutes } from "./routes/analytics.ts"
import { appPasswordRoutes } from "./routes/app-passwords.ts"
import { billingRoutes } from "./routes/billing.ts"
import { boostRoutes } from "./routes/boosts.ts"
import { categoryRoutes } from "./routes/categories.ts"
import { collectionRoutes } from "./routes/collections.ts"
import { dataRoutes } from "./routes/data.ts"
import { discoverRoutes } from "./routes/discover.ts"
import { entryRoutes } from "./routes/entries.ts"
import type { AppEnv } from "./routes/env.ts"
import { feedOutputRoutes, feedOutRoutes } from "./routes/feed-outputs.ts"
import { feedRoutes } from "./routes/feeds.ts"
import { inboxEntryRoutes } from "./routes/inbox-entries.ts"
import { inboxIngressRoutes, inboxRoutes } from "./routes/inboxes.ts"
import { integrationRoutes } from "./routes/integrations.ts"
import { invitationRoutes } from "./routes/invitations.ts"
import { listRoutes } from "./routes/lists.ts"
import { mcpRoutes } from "./routes/mcp.ts"
import { messagingRoutes } from "./routes/messaging.ts"
import { planRoutes } from "./routes/plan.ts"
import { healthRoutes, probeRoutes } from "./routes/probes.ts"
import { profileRoutes } from "./routes/profiles.ts"
import { readHistoryRoutes } from "./routes/read-histories.ts"
import { readRoutes } from "./routes/reads.ts"
import { achievementRoutes, referralRoutes } from "./routes/rewards.ts"
import { rsshubRoutes } from "./routes/rsshub.ts"
import { savedSearchRoutes } from "./routes/saved-searches.ts"
import { settingsRoutes } from "./routes/settings.ts"
import { statusRoutes } from "./routes/status.ts"
import { subscriptionRoutes } from "./routes/subscriptions.ts"
import { trendingRoutes } from "./routes/trending.ts"
import { updateRoutes } from "./routes/updates.ts"
import { publicUploadRoutes, uploadRoutes } from "./routes/upload.ts"
import { walletRoutes } from "./routes/wallets.ts"
import { websubRoutes } from "./routes/websub.ts"
import { countServerError } from "./services/analytics.ts"
import { requireSession } from "./session.ts"
import { feverHandler } from "./sync/fever.ts"
import { greaderRoutes } from "./sync/greader.ts"
import { maxBytesOf } from "./uploads/store.ts"
import { webClient } from "./web.ts"

export interface AppOptions {
  deps: Deps
  auth: Auth
  jobs: Jobs
  /** The built web client; left out, only the API is served. */
  webDistDir?: string
}

const clientHeaders = [
  "Content-Type",
  "Authorization",
  "X-Client-Id",
  "X-Session-Id",
  "X-App-Name",
  "X-App-Version",
  "X-App-Platform",
  "X-App-Dev",
  "X-Token",
  "Cache-Control",
  "folo-referral-code",
]

export function createApp({ deps, auth, jobs, webDistDir }: AppOptions) {
  const app = new Hono<AppEnv>()
  const origins = new Set(trustedOrigins(deps.config))
  app.use(
    "*",
    cors({
      origins,
      allowHeaders: clientHeaders,
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      maxAgeSeconds: 600,
    }),
  )
  app.use("*", limitBodies(deps.config.DATA_IMPORT_MAX_BYTES, deps.config.FEED_MAX_BYTES))
  // Outside everything that answers, errors included; static files arrive already encoded and pass through.
  app.use("*", compressResponses())
  const analytics = deps.config.ANALYTICS_URL ? [new URL(deps.config.ANALYTICS_URL).origin] : []
  const web = webDistDir ? webClient(webDistDir, analytics) : undefined
  if (web) app.use("*", web)

  // Not a better-auth call: the login page asks which social providers this server offers (spec: providers).
  app.get("/better-auth/get-providers", (c) => c.json(publicProviders(deps.config)))
  // The Stripe plugin's restore in Folo: this server sells nothing, so there is never a subscription to restore.
  app.post("/better-auth/subscription/restore", () => {
    throw new AppError(ErrorCode.NotFound, {
      message: "This server takes no payments, so there is no subscription to restore",
      reason: "Plans on this server are set by its administrator, not bought",
    })
  })
  app.on(["GET", "POST"], "/better-auth/*", authHandler(deps, auth))
  app.route("/health", healthRoutes(deps))
  // Calls that need no session: probes, public configuration, and inbox ingress (authenticated by inbox secret).
  app.route("/probes", probeRoutes(deps, jobs))
  app.route("/status", statusRoutes(deps))
  // The desktop updater asks before anyone signs in (services/updates.ts).
  app.route("/updates", updateRoutes(deps))
  app.route("/inboxes", inboxIngressRoutes(deps))
  // Published feeds: feed readers fetch them without a session (feed-outputs.ts).
  app.route("/out", feedOutRoutes(deps))
  // WebSub hubs verify subscriptions and push content here (services/websub.ts).
  app.route("/websub", websubRoutes(deps))
  // Sync apps (Reeder, NetNewsWire, …), authenticated by app passwords: Google Reader at FreshRSS's path and at
  // Miniflux's (the root), Fever at /fever/.
  const greader = greaderRoutes(deps)
  app.route("/api/greader.php", greader)
  app.route("/", greader)
  app.on(["GET", "POST"], ["/fever", "/fever/"], feverHandler(deps))
  app.route("/upload", publicUploadRoutes(deps))

  const session = requireSession(auth, deps.sessions)
  const groups: [string, Hono<AppEnv>][] = [
    ["/subscriptions", subscriptionRoutes(deps, jobs)],
    ["/feeds", feedRoutes(deps)],
    ["/feed-outputs", feedOutputRoutes(deps)],
    // More specific prefixes first: Hono runs matching routes in the order they were added.
    ["/entries/inbox", inboxEntryRoutes(deps)],
    ["/entries", readHistoryRoutes(deps)],
    ["/entries", entryRoutes(deps)],
    ["/reads", readRoutes(deps)],
    ["/collections", collectionRoutes(deps)],
    ["/categories", categoryRoutes(deps)],
    ["/discover", discoverRoutes(deps)],
    ["/trending", trendingRoutes(deps)],
    ["/lists", listRoutes(deps, jobs)],
    ["/inboxes", inboxRoutes(deps)],
    ["/actions", actionRoutes(deps)],
    ["/settings", settingsRoutes(deps)],
    ["/profiles", profileRoutes(deps)],
    ["/invitations", invitationRoutes(deps)],
    ["/data", dataRoutes(deps, jobs)],
    ["/integrations", integrationRoutes(deps)],
    ["/ai/chat-sessions", aiChatSessionRoutes(deps)],
    ["/ai/task", aiTaskRoutes(deps)],
    ["/ai/daily", aiDailyRoutes(deps)],
    ["/ai/memory", aiMemoryRoutes(deps)],
    ["/ai", aiRoutes(deps)],
    ["/mcp", mcpRoutes(deps)],
    ["/messaging", messagingRoutes(deps)],
    ["/app-passwords", appPasswordRoutes(deps)],
    ["/rsshub", rsshubRoutes(deps)],
    ["/saved-searches", savedSearchRoutes(deps)],
    ["/wallets", walletRoutes(deps)],
    ["/boosts", boostRoutes(deps)],
    ["/achievement", achievementRoutes(deps)],
    ["/referrals", referralRoutes(deps)],
    ["/upload", uploadRoutes(deps)],
    ["/analytics", analyticsRoutes(deps)],
    ["/admin/analytics", adminAnalyticsRoutes(deps)],
    ["/plan", planRoutes(deps)],
    ["/billing", billingRoutes()],
    ["/admin", adminRoutes(deps)],
  ]
  for (const prefix of new Set(groups.map(([p]) => p.split("/").slice(0, 2).join("/")))) {
    app.use(prefix, session)
    app.use(`${prefix}/*`, session)
  }
  for (const [prefix, routes] of groups) app.route(prefix, routes)

  // An unknown call says so, so that it is told apart from a known call whose resource is missing (same code 6).
  app.notFound((c) => c.json(noSuchCall(c.req.method, c.req.path).toBody(), 404))
  app.onError((error, c) => {
    const known = error instanceof AppError ? error : fromDatabase(error)
    if (known) {
      // A known failure answered with a 5xx (a model server that failed, say) counts as an error too.
      if (known.status >= 500) countServerError(deps)
      return c.json(known.toBody(), known.status as 400)
    }
    deps.log.error("unhandled error", { method: c.req.method, path: c.req.path, error })
    // The admin dashboard's error count (a number per day, nothing about the request).
    countServerError(deps)
    return c.json(new AppError(ErrorCode.InternalError).toBody(), 500)
  })
  return app
}

const MiB = 1024 * 1024
// A multipart body carries its boundaries and headers beside the file: room for them over the file's own limit.
const FORM_OVERHEAD = 64 * 1024
const UPLOADS = new Map([
  ["/subscriptions/import", 6 * MiB],
  ["/subscriptions/parse-opml", 6 * MiB],
  ["/lists/import", 6 * MiB],
  ["/upload/avatar", maxBytesOf("avatar") + FORM_OVERHEAD],
  ["/upload/chat-attachment", maxBytesOf("chat-attachment") + FORM_OVERHEAD],
])
const DATA_IMPORT = "/data/g"
/** Feed documents a WebSub hub pushes: as large as a fetched feed may be. */
const WEBSUB = "/websub/"

/** Bodies are capped before they are read: 1 MiB for JSON, each upload's own limit (6 MiB for OPML, uploads/store.ts
 * for avatars and attachments), DATA_IMPORT_MAX_BYTES for a data import, FEED_MAX_BYTES for a WebSub push. */
function limitBodies(importMax: number, feedMax: number) {
  // The rest of the body is never read, so the connection cannot carry another request: close it.
  const tooLarge = (max: number) => (c: Context) =>
    c.json(
      new AppError(ErrorCode.UploadFileTooLarge, { reason: `The request body is larger than ${max} MiB` }).toBody(),
      413,
      { connection: "close" },
    )
  const mib = (bytes: number) => Math.round((bytes / MiB) * 100) / 100
  const limit = (max: number) => bodyLimit({ maxSize: max, onError: tooLarge(mib(max)) })
  const json = limit(MiB)
  const uploads = new Map([...UPLOADS].map(([path, max]) => [path, limit(max)]))
  const dataImport = limit(importMax)
  const pushed = limit(feedMax)
  return (c: Context, next: Next) => {
    // Asked for its body, @hono/node-server builds a whole web Request: not for calls that send none.
    if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next()
    const websub = c.req.path.startsWith(WEBSUB)
    const max = UPLOADS.get(c.req.path) ?? (c.req.path === DATA_IMPORT ? importMax : websub ? feedMax : MiB)
    const length = c.req.header("content-length")
    if (length !== undefined && !c.req.header("transfer-encoding") && Number(length) <= max) return next()
    if (websub) return pushed(c, next)
    return (uploads.get(c.req.path) ?? (c.req.path === DATA_IMPORT ? dataImport : json))(c, next)
  }
}

// PostgreSQL rejects some values only when it stores them (a NUL character, a value past an index's row limit):
// that is bad input, not a server fault.
const DATA_ERRORS = new Set(["22001", "22003", "22021", "22P05", "54000"])

function fromDatabase(error: unknown): AppError | undefined {
  const code = (error as { cause?: { code?: string } })?.cause?.code
  return code && DATA_ERRORS.has(code)
    ? new AppError(ErrorCode.InvalidInput, { reason: "A value cannot be stored" })
    : undefined
}

export type App = ReturnType<typeof createApp>
