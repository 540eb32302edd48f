// A generic OpenID Connect provider (Keycloak, Authentik, Authelia, Zitadel, Dex…) configured by OIDC_ISSUER,
// OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME. Its endpoints come from the issuer's
// /.well-known/openid-configuration, read at start; discovery, the code exchange and the userinfo call all go through
// the SSRF guard (a provider on the LAN or loopback needs ALLOW_PRIVATE_NETWORK). better-auth's genericOAuth plugin
// then offers it like GitHub and Google: sign-in/social {provider: "oidc"}, callback/oidc, link-social.
import type { GenericOAuthConfig } from "better-auth/plugins"
import { guardedFetch } from "../ai/guarded-fetch.ts"
import type { Config } from "../config.ts"
import type { Logger } from "../log.ts"

export const OIDC_PROVIDER_ID = "oidc"
const TIMEOUT_MS = 10_000

export interface OidcEndpoints {
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  userInfoUrl: string
}

export function oidcConfigured(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET)
}

/** Which configurations' providers answered discovery (get-providers lists only those). */
const discovered = new WeakMap<Config, OidcEndpoints>()

/** Whether this configuration's provider is offered: configured, and its discovery answered at start. */
export function oidcOffered(config: Config): boolean {
  return discovered.has(config)
}

const fetchFor = (config: Config) => guardedFetch({ allowPrivate: config.ALLOW_PRIVATE_NETWORK })
const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "")

/**
 * Reads the issuer's discovery document; undefined (and a warning naming the reason, never a secret) when the
 * provider is not configured, cannot be reached, or names another issuer than the one configured.
 */
export async function discoverOidc(config: Config, log: Logger): Promise<OidcEndpoints | undefined> {
  if (!oidcConfigured(config)) return undefined
  const issuer = config.OIDC_ISSUER!
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`
  try {
    const response = await fetchFor(config)(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`discovery answered HTTP ${response.status}`)
    const doc = (await response.json()) as Record<string, unknown>
    if (typeof doc.issuer !== "string" || !sameIssuer(doc.issuer, issuer))
      throw new Error("the discovery document names another issuer")
    const endpoints = [doc.authorization_endpoint, doc.token_endpoint, doc.userinfo_endpoint]
    if (!endpoints.every((e) => typeof e === "string" && URL.canParse(e) && /^https?:$/.test(new URL(e).protocol)))
      throw new Error("the discovery document lacks the authorization, token or userinfo endpoint")
    const [authorizationUrl, tokenUrl, userInfoUrl] = endpoints as string[]
    const found = {
      issuer: doc.issuer,
      authorizationUrl: authorizationUrl!,
      tokenUrl: tokenUrl!,
      userInfoUrl: userInfoUrl!,
    }
    discovered.set(config, found)
    return found
  } catch (error) {
    log.warn("OIDC provider not offered", {
      issuer: new URL(issuer).origin,
      error: error instanceof Error ? error.message : String(error),
    })
    return undefined
  }
}

/** The genericOAuth plugin's entry for the provider: our own (guarded) code exchange and userinfo call. */
export function oidcProviderConfig(config: Config, endpoints: OidcEndpoints): GenericOAuthConfig {
  const guarded = fetchFor(config)
  const clientId = config.OIDC_CLIENT_ID!
  const clientSecret = config.OIDC_CLIENT_SECRET!
  return {
    providerId: OIDC_PROVIDER_ID,
    name: config.OIDC_NAME,
    clientId,
    clientSecret,
    authorizationUrl: endpoints.authorizationUrl,
    tokenUrl: endpoints.tokenUrl,
    userInfoUrl: endpoints.userInfoUrl,
    scopes: ["openid", "email", "profile"],
    pkce: true,
    async getToken({ code, redirectURI, codeVerifier }) {
      const body = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectURI })
      if (codeVerifier) body.set("code_verifier", codeVerifier)
      // client_secret_basic, OpenID Connect's default: both parts form-encoded, then base64 (RFC 6749 §2.3.1).
      const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString(
        "base64",
      )
      const response = await guarded(endpoints.tokenUrl, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${basic}`,
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`The provider's token endpoint answered HTTP ${response.status}`)
      const data = (await response.json()) as Record<string, unknown>
      const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : undefined)
      const expiresIn = typeof data.expires_in === "number" ? data.expires_in : undefined
      return {
        accessToken: text("access_token"),
        refreshToken: text("refresh_token"),
        idToken: text("id_token"),
        tokenType: text("token_type"),
        accessTokenExpiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : undefined,
        scopes: text("scope")?.split(" ").filter(Boolean) ?? [],
      }
    },
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null
      const response = await guarded(endpoints.userInfoUrl, {
        headers: { accept: "application/json", authorization: `Bearer ${tokens.accessToken}` },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!response.ok) return null
      const info = (await response.json()) as Record<string, unknown>
      if (typeof info.sub !== "string" || typeof info.email !== "string") return null
      return {
        id: info.sub,
        sub: info.sub,
        email: info.email,
        emailVerified: info.email_verified === true || info.email_verified === "true",
        name:
          typeof info.name === "string" ? info.name : ((info.preferred_username as string | undefined) ?? info.email),
        image: typeof info.picture === "string" ? info.picture : undefined,
      }
    },
  }
}
