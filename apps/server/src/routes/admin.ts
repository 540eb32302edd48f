// Admin: paths of the official SDK's admin module (mint at its path and at the spec's /admin/mint), plus the
// mails kept when SMTP is off. The services refuse non-admins (1004).
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, boolish, id, instant, intIn, parse, queryOf } from "../http.ts"
import {
  cleanEntries,
  featureFlagAffectedUsers,
  featureFlagStats,
  listFeatureFlags,
  mintPower,
  overrideFeatureFlag,
  recentMails,
  removeFeatureOverride,
  requireAdmin,
  updateFeatureFlag,
} from "../services/admin.ts"
import { achievementAudits, decideAchievementAudit } from "../services/rewards.ts"
import { type AppEnv, ok } from "./env.ts"

const flagName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "lower-case letters, digits and _")
const flagUpdate = z
  .object({
    description: z.string().max(500).optional(),
    enabled: boolish.optional(),
    rolloutType: z.enum(["whitelist", "percentage"]).optional(),
    rolloutValue: z.union([z.literal(0), z.literal(1)]).optional(),
    rolloutPercentage: intIn(0, 100).optional(),
    rolloutSeed: z.string().max(100).optional(),
  })
  .strict()
// A user id, or (from the admin screen) an e-mail address.
const userRef = z.string().trim().min(1).max(320)
const overrideBody = z.object({
  userId: userRef,
  forceEnabled: boolish,
  reason: z.string().max(500).optional(),
  expiresAt: instant.optional(),
})
const affectedQuery = z.object({
  page: intIn(1, 100_000).default(1),
  limit: intIn(1, 100).default(20),
  filter: z.enum(["all", "enabled", "disabled", "override"]).default("all"),
  search: z.string().max(200).optional(),
})
// The SDK's clean carries {type, feedId?, nsfw?}; this server's one kind is "entries", with the retention in days.
const cleanBody = z.object({
  type: z.literal("entries").default("entries"),
  retentionDays: intIn(1, 36_500),
  feedId: id.optional(),
})
const mintBody = z.object({
  userId: userRef,
  amount: intIn(1, 1_000_000_000),
  // The SDK's key doubles as the idempotency key: the same key never mints twice.
  key: z
    .string()
    .min(1)
    .max(128)
    .default(() => crypto.randomUUID()),
  comment: z.string().max(200).optional(),
})

const auditsQuery = z.object({ status: z.enum(["pending", "approved", "rejected", "all"]).default("pending") })
const auditDecision = z.object({
  userId: id,
  actionId: intIn(1, 1_000_000),
  approved: boolish,
  note: z.string().trim().max(500).optional(),
})

export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>()
    // Before any parsing, so a non-admin learns nothing about the inputs (1004 whatever they sent).
    .use("*", async (c, next) => {
      requireAdmin(c.get("session"))
      await next()
    })
    .get("/feature-flags", async (c) => c.json(ok(await listFeatureFlags(deps, c.get("session")))))
    .put("/feature-flags/:name", async (c) => {
      const name = parse(flagName, c.req.param("name"))
      const patch = parse(flagUpdate, await bodyOf(c))
      return c.json(ok(await updateFeatureFlag(deps, c.get("session"), name, patch)))
    })
    .post("/feature-flags/:name/overrides", async (c) => {
      const name = parse(flagName, c.req.param("name"))
      const body = parse(overrideBody, await bodyOf(c))
      return c.json(ok(await overrideFeatureFlag(deps, c.get("session"), name, body)))
    })
    .delete("/feature-flags/:name/overrides/:userId", async (c) => {
      const name = parse(flagName, c.req.param("name"))
      const userId = parse(id, c.req.param("userId"))
      return c.json(ok(await removeFeatureOverride(deps, c.get("session"), name, userId)))
    })
    .get("/feature-flags/:name/stats", async (c) => {
      const name = parse(flagName, c.req.param("name"))
      return c.json(ok(await featureFlagStats(deps, c.get("session"), name)))
    })
    .get("/feature-flags/:name/affected-users", async (c) => {
      const name = parse(flagName, c.req.param("name"))
      const q = parse(affectedQuery, queryOf(c))
      return c.json(ok(await featureFlagAffectedUsers(deps, c.get("session"), name, q)))
    })
    .post("/clean", async (c) => {
      const body = parse(cleanBody, await bodyOf(c))
      return c.json(ok(await cleanEntries(deps, c.get("session"), body)))
    })
    .get("/mails", (c) => c.json(ok(recentMails(deps, c.get("session")))))
    // Proofs sent for achievements a person checks (POST /achievement/audit), and the decision on one.
    .get("/achievement-audits", async (c) => {
      const { status } = parse(auditsQuery, queryOf(c))
      return c.json(ok(await achievementAudits(deps, status === "all" ? undefined : status)))
    })
    .put("/achievement-audits", async (c) => {
      const body = parse(auditDecision, await bodyOf(c))
      return c.json(ok(await decideAchievementAudit(deps, c.get("session").userId, body)))
    })
  for (const path of ["/mint", "/mintdscsafr"]) {
    app.post(path, async (c) => {
      const body = parse(mintBody, await bodyOf(c))
      return c.json(ok(await mintPower(deps, c.get("session"), body)))
    })
  }
  return app
}
