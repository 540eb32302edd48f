// Wallets (POWER): paths of the official SDK's wallets module, plus the admin's view of pending withdrawals.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, id, instant, intIn, pageLimit, parse, queryOf } from "../http.ts"
import { claimAirdrop, getAirdrop, verifyAirdrop } from "../services/rewards.ts"
import {
  claimCheck,
  claimDaily,
  completePendingWithdrawal,
  createWallet,
  getWallets,
  listPendingWithdrawals,
  refreshWallet,
  tip,
  transactions,
  walletRanking,
  withdraw,
} from "../services/wallets.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

/** Whole POWER, as the SDK's string or a number; at most a trillion, which no balance reaches. */
const amount = z
  .union([z.string().regex(/^\d{1,13}$/), z.number().int()])
  .transform(Number)
  .pipe(z.number().int().min(1).max(1e12))

const idempotencyKey = z.string().min(1).max(128).optional()

const tipBody = z
  .object({
    amount,
    toUserId: id.optional(),
    entryId: id.optional(),
    feedId: id.optional(),
    idempotencyKey,
    TOTPCode: z.string().optional(),
  })
  .refine((b) => b.toUserId || b.entryId || b.feedId, { message: "toUserId, entryId or feedId is required" })

const withdrawBody = z.object({
  amount,
  address: z.string().trim().min(1).max(200),
  toRss3: z.boolean().optional(),
  idempotencyKey,
  TOTPCode: z.string().optional(),
})

const transactionQuery = z.object({
  hash: z.string().max(80).optional(),
  type: z.enum(["mint", "purchase", "tip", "withdraw", "airdrop", "burn"]).optional(),
  fromOrToUserId: id.optional(),
  fromUserId: id.optional(),
  toUserId: id.optional(),
  toFeedId: id.optional(),
  createdAfter: instant.optional(),
  before: instant.optional(),
  beforeHash: z.string().max(80).optional(),
  limit: pageLimit.default(20),
})

const rankingQuery = z.object({ limit: intIn(1, 100).default(20), offset: intIn(0, 100_000).default(0) })

/** A retried request carries the same key (header, as payment APIs do, or body) and moves nothing twice. */
const keyOf = (header: string | undefined, body: string | undefined) => parse(idempotencyKey, header ?? body)

export function walletRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(ok(await getWallets(deps, userOf(c)))))
      .post("/", async (c) => c.json(ok(await createWallet(deps, userOf(c)))))
      .post("/refresh", async (c) => {
        await refreshWallet(deps, userOf(c))
        return c.json(ok(null))
      })
      .get("/ranking", async (c) => {
        const q = parse(rankingQuery, queryOf(c))
        return c.json(ok(await walletRanking(deps, q.limit, q.offset)))
      })
      // POWER is this server's own currency and is not traded: it has no price.
      .get("/power-price", (c) => c.json(ok({ rss3: 0 })))
      .get("/transactions", async (c) => {
        const q = parse(transactionQuery, queryOf(c))
        // Only the caller's own transactions: fromOrToUserId narrows nothing beyond that.
        return c.json(ok(await transactions(deps, userOf(c), q)))
      })
      .get("/transactions/claim-check", async (c) => c.json(ok(await claimCheck(deps, userOf(c)))))
      .post("/transactions/claim-daily", async (c) => c.json(ok(await claimDaily(deps, userOf(c)))))
      // The name the older server used.
      .post("/transactions/claim_daily", async (c) => c.json(ok(await claimDaily(deps, userOf(c)))))
      .post("/transactions/tip", async (c) => {
        const body = parse(tipBody, await bodyOf(c))
        const key = keyOf(c.req.header("idempotency-key"), body.idempotencyKey)
        return c.json(ok(await tip(deps, userOf(c), { ...body, idempotencyKey: key })))
      })
      .post("/transactions/withdraw", async (c) => {
        const body = parse(withdrawBody, await bodyOf(c))
        const key = keyOf(c.req.header("idempotency-key"), body.idempotencyKey)
        return c.json(ok(await withdraw(deps, userOf(c), { ...body, idempotencyKey: key })))
      })
      // The airdrop (services/rewards.ts): its state, PUT checks eligibility, POST pays it once.
      .get("/airdrop", async (c) => c.json(ok(await getAirdrop(deps, userOf(c)))))
      .put("/airdrop", async (c) => {
        await verifyAirdrop(deps, userOf(c))
        return c.json(ok(null))
      })
      .post("/airdrop", async (c) => c.json(ok(await claimAirdrop(deps, userOf(c)))))
      .get("/withdrawals", async (c) => c.json(ok(await listPendingWithdrawals(deps, c.get("session")))))
      .post("/withdrawals/complete", async (c) => {
        const { hash } = parse(z.object({ hash: z.string().min(1).max(80) }), await bodyOf(c))
        await completePendingWithdrawal(deps, c.get("session"), hash)
        return c.json(ok(null))
      })
  )
}
