// The whole call catalogue of the public client SDK (@follow-app/client-sdk 0.3.92) answers: every call its modules
// define (written out below, one line per call, as dist/index.js defines them), the better-auth calls its auth client
// (and Folo's web client) makes under /better-auth, and Folo's one call outside the SDK (POST /billing/portal).
// Each is made as a signed-in admin with an empty body and placeholder path parameters; any answer but the
// unknown-route 404 ("No such call: …") counts: a validation 400, a resource 404 or a refusal all prove the call exists.
import { randomUUID } from "node:crypto"
import { moduleRegistry } from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

/** SDK module.method, HTTP method, full path ({param} filled with a placeholder when called). */
const SDK_CALLS = [
  "achievement.list                         GET    /achievement",
  "achievement.claim                        PUT    /achievement",
  "achievement.check                        POST   /achievement/check",
  "achievement.audit                        POST   /achievement/audit",
  "actions.get                              GET    /actions",
  "actions.put                              PUT    /actions",
  "admin.featureFlags.list                  GET    /admin/feature-flags",
  "admin.featureFlags.update                PUT    /admin/feature-flags/{name}",
  "admin.featureFlags.override              POST   /admin/feature-flags/{name}/overrides",
  "admin.featureFlags.removeOverride        DELETE /admin/feature-flags/{name}/overrides/{userId}",
  "admin.featureFlags.stats                 GET    /admin/feature-flags/{name}/stats",
  "admin.featureFlags.affectedUsers         GET    /admin/feature-flags/{name}/affected-users",
  "admin.clean.execute                      POST   /admin/clean",
  "admin.mint.execute                       POST   /admin/mintdscsafr",
  "auth.getSession                          GET    /better-auth/get-session",
  "ai.chat                                  POST   /ai/chat",
  "ai.summary                               GET    /ai/summary",
  "ai.translation                           GET    /ai/translation",
  "ai.translationBatch                      POST   /ai/translation/batch",
  "ai.tts                                   POST   /ai/tts",
  "ai.summaryTitle                          POST   /ai/summary-title",
  "ai.daily                                 GET    /ai/daily",
  "ai.config                                GET    /ai/chat/config",
  "ai.memory.list                           GET    /ai/memory",
  "ai.memory.create                         POST   /ai/memory",
  "ai.memory.update                         PATCH  /ai/memory/{memoryId}",
  "ai.memory.delete                         DELETE /ai/memory/{memoryId}",
  "aiAnalytics.get                          GET    /ai/analytics",
  "aiChatSessions.list                      GET    /ai/chat-sessions",
  "aiChatSessions.get                       GET    /ai/chat-sessions/{chatId}",
  "aiChatSessions.update                    PATCH  /ai/chat-sessions/{chatId}",
  "aiChatSessions.delete                    DELETE /ai/chat-sessions/{chatId}",
  "aiChatSessions.messages.get              GET    /ai/chat-sessions/{chatId}/messages",
  "aiChatSessions.markSeen                  POST   /ai/chat-sessions/{chatId}/mark-seen",
  "aiChatSessions.unread                    GET    /ai/chat-sessions/unread",
  "aiTask.list                              GET    /ai/task",
  "aiTask.get                               GET    /ai/task/{id}",
  "aiTask.create                            POST   /ai/task",
  "aiTask.update                            PUT    /ai/task/{id}",
  "aiTask.delete                            DELETE /ai/task/{id}",
  "aiTask.testRun                           POST   /ai/task/{id}/test-run",
  "boosts.getFeedBoostLevel                 GET    /boosts",
  "boosts.boostFeed                         POST   /boosts",
  "boosts.getFeedBoosters                   GET    /boosts/boosters",
  "categories.get                           GET    /categories",
  "categories.update                        PATCH  /categories",
  "categories.delete                        DELETE /categories",
  "collections.get                          GET    /collections",
  "collections.post                         POST   /collections",
  "collections.delete                       DELETE /collections",
  "data.sendAnalytics                       POST   /data/g",
  "discover.discover                        POST   /discover",
  "discover.rsshub                          GET    /discover/rsshub",
  "discover.rsshubRoute                     GET    /discover/rsshub/route",
  "discover.rsshubAnalytics                 GET    /discover/rsshub-analytics",
  "entries.get                              GET    /entries",
  "entries.list                             POST   /entries",
  "entries.preview                          POST   /entries/preview",
  "entries.readability                      GET    /entries/readability",
  "entries.transcription                    GET    /entries/transcription",
  "entries.stream                           POST   /entries/stream",
  "entries.checkNew                         GET    /entries/check-new",
  "entries.tagsQuery                        POST   /entries/tags/query",
  "entries.readHistories                    GET    /entries/read-histories/{id}",
  "entries.inbox.get                        GET    /entries/inbox",
  "entries.inbox.list                       POST   /entries/inbox",
  "entries.inbox.delete                     DELETE /entries/inbox",
  "feeds.get                                GET    /feeds",
  "feeds.refresh                            GET    /feeds/refresh",
  "feeds.reset                              GET    /feeds/reset",
  "feeds.analytics                          POST   /feeds/analytics",
  "feeds.claim.challenge                    POST   /feeds/claim/challenge",
  "feeds.claim.list                         GET    /feeds/claim/list",
  "feeds.claim.message                      GET    /feeds/claim/message",
  "inboxes.get                              GET    /inboxes",
  "inboxes.list                             GET    /inboxes/list",
  "inboxes.post                             POST   /inboxes",
  "inboxes.put                              PUT    /inboxes",
  "inboxes.delete                           DELETE /inboxes",
  "inboxes.email                            POST   /inboxes/email",
  "inboxes.webhook                          POST   /inboxes/webhook",
  "invitations.getLimitation                GET    /invitations/limitation",
  "invitations.list                         GET    /invitations",
  "invitations.create                       POST   /invitations/new",
  "invitations.use                          POST   /invitations/use",
  "lists.get                                GET    /lists",
  "lists.list                               GET    /lists/list",
  "lists.create                             POST   /lists",
  "lists.update                             PATCH  /lists",
  "lists.delete                             DELETE /lists",
  "lists.addFeeds                           POST   /lists/feeds",
  "lists.removeFeed                         DELETE /lists/feeds",
  "mcp.createConnection                     POST   /mcp/connections",
  "mcp.updateConnection                     PUT    /mcp/connections/{connectionId}",
  "mcp.getConnections                       GET    /mcp/connections",
  "mcp.deleteConnection                     DELETE /mcp/connections/{connectionId}",
  "mcp.getTools                             GET    /mcp/connections/{connectionId}/tools",
  "mcp.refreshTools                         POST   /mcp/tools/refresh",
  "messaging.getTokens                      GET    /messaging",
  "messaging.createToken                    POST   /messaging",
  "messaging.deleteToken                    DELETE /messaging",
  "messaging.testNotification               GET    /messaging/test",
  "profiles.getProfile                      GET    /profiles",
  "profiles.getBatch                        POST   /profiles/batch",
  "probes.checkPostgreSQL                   GET    /probes/postgresql",
  "probes.checkRedis                        GET    /probes/redis",
  "probes.checkBullMQ                       GET    /probes/bullmq",
  "probes.getRSSHubAnalytics                GET    /probes/rsshub",
  "reads.get                                GET    /reads",
  "reads.markAsRead                         POST   /reads",
  "reads.markAsUnread                       DELETE /reads",
  "reads.markAllAsRead                      POST   /reads/all",
  "reads.getTotalCount                      GET    /reads/total-count",
  "referrals.getReferrals                   GET    /referrals",
  "referrals.getDays                        GET    /referrals/days",
  "referrals.verifyReceipt                  POST   /referrals/verify-receipt",
  "rsshub.create                            POST   /rsshub",
  "rsshub.list                              GET    /rsshub/list",
  "rsshub.delete                            DELETE /rsshub",
  "rsshub.use                               POST   /rsshub/use",
  "rsshub.get                               GET    /rsshub",
  "rsshub.status                            GET    /rsshub/status",
  "settings.get                             GET    /settings",
  "settings.update                          PATCH  /settings/{tab}",
  "status.getConfigs                        GET    /status/configs",
  "subscriptions.get                        GET    /subscriptions",
  "subscriptions.create                     POST   /subscriptions",
  "subscriptions.update                     PATCH  /subscriptions",
  "subscriptions.delete                     DELETE /subscriptions",
  "subscriptions.batchUpdate                PATCH  /subscriptions/batch",
  "subscriptions.import                     POST   /subscriptions/import",
  "subscriptions.export                     GET    /subscriptions/export",
  "subscriptions.parseOpml                  POST   /subscriptions/parse-opml",
  "trending.getFeeds                        GET    /trending/feeds",
  "upload.uploadAvatar                      POST   /upload/avatar",
  "upload.uploadChatAttachment              POST   /upload/chat-attachment",
  "updates.getLatestRelease                 GET    /updates/releases/latest",
  "updates.getManifest                      GET    /updates/{manifestName}",
  "updates.getDistributionStatus            GET    /updates/distribution/{distribution}",
  "wallets.get                              GET    /wallets",
  "wallets.post                             POST   /wallets",
  "wallets.refresh                          POST   /wallets/refresh",
  "wallets.ranking                          GET    /wallets/ranking",
  "wallets.powerPrice                       GET    /wallets/power-price",
  "wallets.transactions.get                 GET    /wallets/transactions",
  "wallets.transactions.tip                 POST   /wallets/transactions/tip",
  "wallets.transactions.claimDaily          POST   /wallets/transactions/claim-daily",
  "wallets.transactions.withdraw            POST   /wallets/transactions/withdraw",
  "wallets.transactions.claimCheck          GET    /wallets/transactions/claim-check",
  "wallets.airdrop.get                      GET    /wallets/airdrop",
  "wallets.airdrop.claim                    POST   /wallets/airdrop",
  "wallets.airdrop.update                   PUT    /wallets/airdrop",
]

/** better-auth calls the SDK's auth client types (its four custom plugins) and Folo's web client makes; sign-out last,
 * since it ends the admin's session. */
const AUTH_CALLS = [
  "auth.getProviders                        GET    /better-auth/get-providers",
  "auth.getAccountInfo                      GET    /better-auth/get-account-info",
  "auth.deleteUserCustom                    POST   /better-auth/delete-user-custom",
  "auth.oneTimeToken.generate               GET    /better-auth/one-time-token/generate",
  "auth.oneTimeToken.apply                  POST   /better-auth/one-time-token/apply",
  "auth.oneTimeToken.verify                 POST   /better-auth/one-time-token/verify",
  "auth.signIn.email                        POST   /better-auth/sign-in/email",
  "auth.signIn.social                       POST   /better-auth/sign-in/social",
  "auth.signUp.email                        POST   /better-auth/sign-up/email",
  "auth.updateUser                          POST   /better-auth/update-user",
  "auth.changeEmail                         POST   /better-auth/change-email",
  "auth.changePassword                      POST   /better-auth/change-password",
  "auth.forgetPassword                      POST   /better-auth/forget-password",
  "auth.requestPasswordReset                POST   /better-auth/request-password-reset",
  "auth.resetPassword                       POST   /better-auth/reset-password",
  "auth.sendVerificationEmail               POST   /better-auth/send-verification-email",
  "auth.verifyEmail                         GET    /better-auth/verify-email",
  "auth.linkSocial                          POST   /better-auth/link-social",
  "auth.listAccounts                        GET    /better-auth/list-accounts",
  "auth.unlinkAccount                       POST   /better-auth/unlink-account",
  "auth.twoFactor.enable                    POST   /better-auth/two-factor/enable",
  "auth.twoFactor.disable                   POST   /better-auth/two-factor/disable",
  "auth.twoFactor.getTotpUri                POST   /better-auth/two-factor/get-totp-uri",
  "auth.twoFactor.verifyTotp                POST   /better-auth/two-factor/verify-totp",
  "auth.twoFactor.sendOtp                   POST   /better-auth/two-factor/send-otp",
  "auth.twoFactor.verifyOtp                 POST   /better-auth/two-factor/verify-otp",
  "auth.twoFactor.generateBackupCodes       POST   /better-auth/two-factor/generate-backup-codes",
  "auth.twoFactor.verifyBackupCode          POST   /better-auth/two-factor/verify-backup-code",
  "auth.subscription.restore                POST   /better-auth/subscription/restore",
  "billing.portal                           POST   /billing/portal",
  "auth.signOut                             POST   /better-auth/sign-out",
]

/** Calls the server does not answer yet (none: the list stays for a call the SDK adds before this server does). */
const KNOWN_MISSING = new Set<string>([])

interface Call {
  name: string
  method: string
  path: string
}
const parse = (line: string): Call => {
  const [name, method, path] = line.trim().split(/\s+/)
  return { name: name!, method: method!, path: path! }
}

let server: TestServer
let admin: TestUser
const adminEmail = `catalogue-admin-${randomUUID()}@example.test`

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: adminEmail })
  admin = await signUp(server.url, "Admin", adminEmail)
})
afterAll(async () => {
  await server?.close()
})

/** What the SDK itself defines, flattened the way its proxy resolves paths (route-resolver.ts). */
function sdkDefined(): Call[] {
  const out: Call[] = []
  const walk = (routes: object, prefix: string, name: string) => {
    for (const [key, value] of Object.entries(routes)) {
      const full = `${name}.${key}`
      if (value && typeof value === "object" && "method" in value && "path" in value) {
        const path = `${prefix.replace(/\/+$/, "")}/${String(value.path).replace(/^\/+/, "")}`.replace(/(.)\/$/, "$1")
        out.push({ name: full, method: String(value.method), path })
      } else walk(value as object, prefix, full)
    }
  }
  for (const [name, module] of Object.entries(moduleRegistry)) walk(module.routes, module.prefix ?? "", name)
  return out
}

async function call(c: Call) {
  const path = c.path.replace(/\{[^}]+\}/g, "catalogue-placeholder")
  const res = await fetch(`${server.url}${path}`, {
    method: c.method,
    headers: {
      authorization: `Bearer ${admin.token}`,
      origin: server.url,
      ...(c.method === "GET" ? {} : { "content-type": "application/json" }),
    },
    body: c.method === "GET" ? undefined : "{}",
    redirect: "manual",
  })
  const text = await res.text()
  return { status: res.status, text }
}

describe("the SDK's call catalogue", () => {
  it("lists every call the SDK defines, as the SDK defines it", () => {
    const written = SDK_CALLS.map(parse)
    expect(written).toEqual(sdkDefined())
  })

  it("tells an unknown call apart from a missing resource", async () => {
    const res = await call({ name: "none", method: "GET", path: "/entries/no-such-thing/at-all" })
    expect(res.status).toBe(404)
    expect(JSON.parse(res.text)).toEqual({
      code: 6,
      message: expect.any(String),
      reason: "No such call: GET /entries/no-such-thing/at-all",
    })
    const auth = await call({ name: "none", method: "GET", path: "/better-auth/no-such-call" })
    expect(auth.status).toBe(404)
    expect(JSON.parse(auth.text).reason).toBe("No such call: GET /better-auth/no-such-call")
    const missing = await call({ name: "entries.get", method: "GET", path: "/entries?id=1234567890123456789" })
    expect(missing.status).toBe(404)
    expect(missing.text).not.toContain("No such call")
  })
  it("answers every call (none is the unknown-route 404)", async () => {
    const calls = [...SDK_CALLS, ...AUTH_CALLS].map(parse)
    const unknown: string[] = []
    const answered: string[] = []
    for (const c of calls) {
      const res = await call(c)
      const isUnknown = res.status === 404 && res.text.includes("No such call")
      if (KNOWN_MISSING.has(c.name)) continue
      if (isUnknown) unknown.push(`${c.name} ${c.method} ${c.path} -> ${res.status} ${res.text.slice(0, 120)}`)
      else answered.push(`${c.name} ${res.status}${res.status >= 500 ? ` ${res.text.slice(0, 160)}` : ""}`)
    }
    console.info(
      `catalogue: ${calls.length} calls, ${answered.length} answered, ${KNOWN_MISSING.size} known missing, ${unknown.length} unknown`,
    )
    // Server errors are answers too (code 5: an AI model or SMTP not configured here), but worth seeing.
    const failing = answered.filter((a) => / 5\d\d/.test(a))
    if (failing.length) console.info(`answered with a server error:\n${failing.join("\n")}`)
    expect(unknown).toEqual([])
    expect(answered.length + KNOWN_MISSING.size).toBe(calls.length)
  })
})
