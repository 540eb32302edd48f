// Achievements and referrals: the paths of the official SDK's achievement and referrals modules. The airdrop's three
// calls live under /wallets (routes/wallets.ts).
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, intIn, parse, queryOf } from "../http.ts"
import {
  auditAchievement,
  checkAchievement,
  claimAchievement,
  getReferralDays,
  getReferrals,
  listAchievements,
  verifyReceipt,
} from "../services/rewards.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const listQuery = z.object({
  type: z.enum(["checking", "completed", "incomplete", "audit", "received", "all"]).default("all"),
})
const actionBody = z.object({ actionId: intIn(1, 1_000_000) })
const auditBody = z.object({ actionId: intIn(1, 1_000_000), payload: z.unknown().optional() })
const daysQuery = z.object({ code: z.string().max(64).optional() })

export function achievementRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(listQuery, queryOf(c))
      const { data, total, done } = await listAchievements(deps, userOf(c), q.type)
      return c.json({ ...ok(data), total, done })
    })
    .put("/", async (c) => {
      const { actionId } = parse(actionBody, await bodyOf(c))
      return c.json(ok(await claimAchievement(deps, userOf(c), actionId)))
    })
    .post("/check", async (c) => {
      const { actionId } = parse(actionBody, await bodyOf(c))
      return c.json(ok(await checkAchievement(deps, userOf(c), actionId)))
    })
    .post("/audit", async (c) => {
      const { actionId, payload } = parse(auditBody, await bodyOf(c))
      return c.json(ok(await auditAchievement(deps, userOf(c), actionId, payload)))
    })
}

export function referralRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await getReferrals(deps, userOf(c)))))
    .get("/days", async (c) => {
      const q = parse(daysQuery, queryOf(c))
      return c.json(ok(await getReferralDays(deps, userOf(c), q.code)))
    })
    .post("/verify-receipt", async (c) => {
      parse(z.object({ appReceipt: z.string().max(100_000).optional() }), await bodyOf(c))
      return verifyReceipt()
    })
}
