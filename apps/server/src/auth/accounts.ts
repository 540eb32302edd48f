// The account calls Folo's client expects beside better-auth's own (api-contract.md: getAccountInfo,
// deleteUserCustom), as a better-auth plugin so they get its session and origin checks, and the one transaction
// that removes an account with everything of its own.
import { APIError, createAuthEndpoint, sensitiveSessionMiddleware, sessionMiddleware } from "better-auth/api"
import { deleteSessionCookie } from "better-auth/cookies"
import { z } from "zod"
import { deleteAccount } from "../storage/accounts.ts"
import type { DB } from "../storage/db.ts"

/** better-auth's error code for a missing second factor; auth/handler.ts answers it as the catalogue's 4008. */
export const TWO_FACTOR_CODE_REQUIRED = "TWO_FACTOR_CODE_REQUIRED"

export interface AccountsPluginDeps {
  db: DB
  /** Checks a TOTP code against the signed-in user's secret (better-auth's verify-totp); throws when it is wrong. */
  verifyTotp: (headers: Headers, code: string) => Promise<unknown>
}

export function accountsPlugin({ db, verifyTotp }: AccountsPluginDeps) {
  return {
    id: "tidings-accounts",
    endpoints: {
      /** Folo's account info: the sign-in methods of this account, with what the account shows of itself. */
      getAccountInfo: createAuthEndpoint(
        "/get-account-info",
        { method: "GET", use: [sessionMiddleware] },
        async (ctx) => {
          const { user } = ctx.context.session
          const accounts = await ctx.context.internalAdapter.findAccounts(user.id)
          return ctx.json(
            accounts.map((a) => ({
              id: a.id,
              provider: a.providerId,
              accountId: a.accountId,
              profile: { name: user.name, email: user.email, image: user.image ?? null },
            })),
          )
        },
      ),
      /**
       * Folo's delete-user-custom: with two-factor on, the body's TOTPCode must be the current one (4008 without,
       * 4007 when wrong); without it, the session must be recent, as for better-auth's delete-user.
       */
      deleteUserCustom: createAuthEndpoint(
        "/delete-user-custom",
        { method: "POST", use: [sensitiveSessionMiddleware], body: z.object({ TOTPCode: z.string().optional() }) },
        async (ctx) => {
          const { user, session } = ctx.context.session
          if ((user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
            const code = ctx.body.TOTPCode?.trim()
            if (!code) {
              throw APIError.from("BAD_REQUEST", {
                code: TWO_FACTOR_CODE_REQUIRED,
                message: "Two factor code required",
              })
            }
            await verifyTotp(ctx.headers ?? new Headers(), code)
          } else {
            const age = Date.now() - new Date(session.createdAt).getTime()
            if (age >= ctx.context.sessionConfig.freshAge * 1000) {
              throw APIError.from("BAD_REQUEST", {
                code: "SESSION_EXPIRED",
                message: "Sign in again before deleting the account",
              })
            }
          }
          await deleteAccount(db, user.id)
          deleteSessionCookie(ctx)
          return ctx.json({ success: true })
        },
      ),
    },
  } as const
}
