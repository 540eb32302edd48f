// better-auth, mounted at /better-auth: e-mail + password, two-factor (TOTP, mailed codes, backup codes), one-time
// tokens, bearer tokens for API clients, and a custom session that carries the spec's role, roleEndAt and limits. Profile fields (handle, bio, website, socialLinks) are
// checked before every write of the user row.
import { randomBytes } from "node:crypto"
import { NEW_USER_TRIAL_DAYS } from "@tidings/shared"
import { betterAuth } from "better-auth"
import { drizzleAdapter } from "better-auth/adapters/drizzle"
import { APIError } from "better-auth/api"
import { bearer, customSession, genericOAuth, oneTimeToken, twoFactor } from "better-auth/plugins"
import { sql } from "drizzle-orm"
import { CLIENT_ADDRESS_HEADER } from "../client-address.ts"
import type { Config } from "../config.ts"
import { newId } from "../ids.ts"
import { betterAuthLog, createLogger, type Logger } from "../log.ts"
import { mailerFor } from "../mail.ts"
import { checkProfileFields } from "../services/profiles.ts"
import { REFERRAL_HEADER, recordReferral } from "../services/rewards.ts"
import { deleteAccount } from "../storage/accounts.ts"
import { flagsForUser } from "../storage/admin.ts"
import type { DB } from "../storage/db.ts"
import * as schema from "../storage/schema.ts"
import {
  type AccountMailArgs,
  isChangeEmailLink,
  resetLink,
  sendAccountMail,
  verificationLink,
} from "./account-mail.ts"
import { accountsPlugin } from "./accounts.ts"
import { type OidcEndpoints, oidcProviderConfig } from "./oidc.ts"
import { trustedOrigins } from "./origins.ts"
import { effectiveRole, roleLimits } from "./roles.ts"
import { betterAuthSocialProviders } from "./social.ts"

export interface AuthDeps {
  db: DB
  config: Config
  secret: string
  /** Where better-auth's own messages go (scrubbed like every other line). */
  log?: Logger
  /** The OpenID Connect provider's endpoints, when one is configured and its discovery answered (auth/oidc.ts). */
  oidc?: OidcEndpoints
}

export function createAuth({ db, config, secret, log = createLogger(config.LOG_LEVEL), oidc }: AuthDeps) {
  const mailer = mailerFor(config, log)
  const required = config.REQUIRE_EMAIL_VERIFICATION
  // Not awaited: an answer that waited for the mail server would take longer for a registered address than for an
  // unknown one, and a failing mail server must not tell the caller either.
  const mail = async (...args: AccountMailArgs) => {
    void sendAccountMail(mailer, ...args).catch((error: unknown) => log.warn("account mail not sent", { error }))
  }
  // The plugin that checks TOTP codes is built before the instance whose verify-totp it calls.
  let verifyTotp: (headers: Headers, code: string) => Promise<unknown> = async () => {
    throw new Error("auth is not ready")
  }
  const auth = betterAuth({
    appName: "Tidings",
    baseURL: config.BASE_URL,
    basePath: "/better-auth",
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      // Unverified accounts cannot sign in, and sign-up answers alike for new and registered addresses.
      requireEmailVerification: required,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }, request) =>
        mail("reset", user.email, resetLink(config.BASE_URL, token), request),
      // The owner hears of it; the one signing up gets the same answer as with a new address.
      onExistingUserSignUp: ({ user }, request) =>
        mail("existing", user.email, `${new URL(config.BASE_URL).origin}/login`, request),
    },
    emailVerification: {
      sendOnSignUp: required,
      sendOnSignIn: required,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      // For change-email, `user.email` is the new address: the link goes there, worded as the confirmation of a change.
      sendVerificationEmail: ({ user, url }, request) =>
        mail(isChangeEmailLink(url) ? "change" : "verify", user.email, verificationLink(url), request),
    },
    account: {
      // Linking a GitHub or Google account whose verified address differs from this one is allowed: it is the
      // signed-in user who asks. Unlinking the last way in is refused (better-auth's default).
      accountLinking: { enabled: true, allowDifferentEmails: true },
    },
    socialProviders: betterAuthSocialProviders(config),
    advanced: {
      database: { generateId: () => newId() },
      // better-auth skips the origin check when it detects a test runner; tests must see what production does.
      disableOriginCheck: false,
      // The address auth/handler.ts resolved from the socket (and trusted proxies): never a client's own header.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    // Per client address; better-auth's own rules: 3 sign-in or sign-up attempts per 10 s, 100 other calls per 10 s.
    rateLimit: { enabled: config.AUTH_RATE_LIMIT, storage: "memory" },
    user: {
      // The new address gets a link; the account keeps the old one until it is followed.
      changeEmail: { enabled: true },
      // With the password (or a session under a day old); everything of the user's goes in one transaction.
      deleteUser: { enabled: true, beforeDelete: (doomed) => deleteAccount(db, doomed.id) },
      additionalFields: {
        handle: { type: "string", required: false },
        bio: { type: "string", required: false },
        website: { type: "string", required: false },
        socialLinks: { type: "json", required: false },
        role: { type: "string", required: false, input: false, defaultValue: "trial" },
        roleEndAt: { type: "date", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (newUser) => ({
            data: {
              ...newUser,
              ...(await profileFields(db, newUser)),
              ...(await initialRole(db, config, newUser.email)),
            },
          }),
          // The client's referral header (spec: sent on auth calls when a code is stored) records who referred
          // whom; a bad or unknown code is ignored, and a failure here never undoes the sign-up.
          after: async (created, ctx) => {
            const code = ctx?.headers?.get(REFERRAL_HEADER) ?? ctx?.request?.headers.get(REFERRAL_HEADER)
            if (!code) return
            await recordReferral(db, created.id, code, new Date()).catch((error: unknown) =>
              log.warn("referral not recorded", { error }),
            )
          },
        },
        update: {
          // The session is there for update-user; other internal updates carry no profile fields.
          before: async (changes, ctx) => ({ data: await profileFields(db, changes, ctx?.context.session?.user.id) }),
        },
      },
    },
    plugins: [
      // Only the signed token (what set-auth-token carries) is a bearer: the raw database value alone is not enough.
      bearer({ requireSignature: true }),
      twoFactor({
        issuer: "Tidings",
        otpOptions: { sendOTP: ({ user, otp }, ctx) => mail("otp", user.email, otp, ctx?.request) },
      }),
      // The web app hands a signed-in session to the desktop app or the CLI; a token lives 3 minutes and works once.
      oneTimeToken(),
      // A generic OpenID Connect provider beside GitHub and Google (sign-in/social {provider: "oidc"}).
      ...(oidc ? [genericOAuth({ config: [oidcProviderConfig(config, oidc)] })] : []),
      accountsPlugin({
        db,
        verifyTotp: (headers, code) => verifyTotp(headers, code),
      }),
      customSession(async ({ user, session }) => {
        const stored = user as typeof user & { role?: string; roleEndAt?: Date | null }
        const role = effectiveRole(stored.role ?? "trial", stored.roleEndAt ?? null)
        const roleEndAt = stored.roleEndAt ? new Date(stored.roleEndAt).toISOString() : null
        return {
          session,
          user: { ...user, role, roleEndAt },
          role,
          roleEndAt,
          ...roleLimits(role, config),
          // The user's effective feature flags (services/admin.ts), read by the client from its session.
          featureFlags: await flagsForUser(db, user.id, new Date()),
        }
      }),
    ],
    // Unexpected failures go on to the app's one error handler, which logs them scrubbed; better-call would print
    // them raw (query parameters included) with console.error.
    onAPIError: { throw: true },
    logger: {
      disabled: config.LOG_LEVEL === "silent",
      level: config.LOG_LEVEL === "silent" ? "error" : config.LOG_LEVEL,
      log: betterAuthLog(log),
    },
  })
  verifyTotp = (headers, code) => auth.api.verifyTOTP({ headers, body: { code } })
  return auth
}

export type Auth = ReturnType<typeof createAuth>

/** The checked profile fields among `input`, or a 400 that says what is wrong (never a unique-index 500). */
async function profileFields(db: DB, input: Record<string, unknown>, userId?: string) {
  const checked = await checkProfileFields(db, input, userId)
  if (!checked.ok) throw APIError.from("BAD_REQUEST", { code: checked.code, message: checked.message })
  return checked.data
}

/** Admins are the configured addresses, or, when none are configured, whoever signs up first. */
async function initialRole(db: DB, config: Config, email: string) {
  const admins = config.ADMIN_EMAILS.map((e) => e.toLowerCase())
  const isAdmin = admins.length
    ? admins.includes(email.toLowerCase())
    : (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${schema.user}`)).rows[0]?.n === 0
  if (isAdmin) return { role: "admin", roleEndAt: null }
  return { role: "trial", roleEndAt: new Date(Date.now() + NEW_USER_TRIAL_DAYS * 86_400_000) }
}

/** AUTH_SECRET when configured; otherwise one generated on first start and kept in the database for every process. */
export async function resolveAuthSecret(db: DB, configured?: string): Promise<string> {
  if (configured) return configured
  const candidate = randomBytes(32).toString("base64url")
  await db.insert(schema.appMeta).values({ key: "auth_secret", value: candidate }).onConflictDoNothing()
  const rows = await db.execute<{ value: string }>(sql`select value from ${schema.appMeta} where key = 'auth_secret'`)
  return rows.rows[0]!.value
}
