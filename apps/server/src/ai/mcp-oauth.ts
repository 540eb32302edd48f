// OAuth for MCP services (the MCP authorization spec): a service that answers 401 and publishes protected-resource or
// authorization-server metadata is authorized by the user in their browser. Tidings registers itself with the
// authorization server (dynamic client registration), builds the authorization URL with PKCE and a random state,
// and later exchanges the code for tokens, refreshing them when they expire. Every request goes through the SSRF
// guard. The SDK's low-level functions are used rather than its transport-driven `auth()`, so a 401 without OAuth
// metadata stays what it was (refused credentials, 16000) and the pending state lives in the database, not in memory.
import { createHash, randomBytes } from "node:crypto"
import type {
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js"
import { AppError, ErrorCode } from "../errors.ts"
import { guardedFetch } from "./guarded-fetch.ts"

/** What is kept (encrypted) for an OAuth service between the steps and after them. */
export interface McpOAuthData {
  authorizationServerUrl: string
  metadata?: AuthorizationServerMetadata
  clientInformation: OAuthClientInformationMixed
  redirectUrl: string
  resource?: string
  /** PKCE verifier of the pending authorization; dropped once the code is exchanged. */
  codeVerifier?: string
  tokens?: OAuthTokens
  /** When the access token expires (ms since the epoch), from expires_in at the exchange. */
  expiresAt?: number
}

export interface PendingAuthorization {
  data: McpOAuthData
  authorizationUrl: string
  state: string
}

const MAX_REASON = 300

export const hashState = (state: string) => createHash("sha256").update(state).digest("base64url")

function reasonOf(error: unknown): string {
  const text = (error as Error)?.message || String(error)
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text
}

function oauthFetch(allowPrivate: boolean, timeoutMs: number): typeof fetch {
  const guarded = guardedFetch({ allowPrivate })
  return ((input: string | URL | Request, init?: RequestInit) => {
    const signals = [AbortSignal.timeout(timeoutMs), init?.signal].filter((s): s is AbortSignal => !!s)
    return guarded(input, { ...init, signal: AbortSignal.any(signals) })
  }) as typeof fetch
}

/**
 * After a 401: the authorization to ask the user for, or undefined when the service publishes no OAuth metadata
 * (then it wants a bearer token or headers). A service with metadata but nothing Tidings can use is 16000.
 */
export async function beginAuthorization(options: {
  serverUrl: string
  redirectUrl: string
  allowPrivate: boolean
  timeoutMs: number
}): Promise<PendingAuthorization | undefined> {
  const { discoverOAuthServerInfo, registerClient, startAuthorization } = await import(
    "@modelcontextprotocol/sdk/client/auth.js"
  )
  const fetchFn = oauthFetch(options.allowPrivate, options.timeoutMs)
  let info: Awaited<ReturnType<typeof discoverOAuthServerInfo>>
  try {
    info = await discoverOAuthServerInfo(options.serverUrl, { fetchFn })
  } catch {
    return undefined
  }
  const metadata = info.authorizationServerMetadata
  if (!metadata && !info.resourceMetadata) return undefined
  try {
    if (!metadata?.registration_endpoint)
      throw new Error("its authorization server offers no dynamic client registration")
    const resource = info.resourceMetadata?.resource ?? options.serverUrl
    const scope = info.resourceMetadata?.scopes_supported?.join(" ") || undefined
    const clientInformation = await registerClient(info.authorizationServerUrl, {
      metadata,
      clientMetadata: {
        client_name: "Tidings",
        redirect_uris: [options.redirectUrl],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        ...(scope ? { scope } : {}),
      },
      fetchFn,
    })
    const state = randomBytes(32).toString("base64url")
    const { authorizationUrl, codeVerifier } = await startAuthorization(info.authorizationServerUrl, {
      metadata,
      clientInformation,
      redirectUrl: options.redirectUrl,
      state,
      resource,
      ...(scope ? { scope } : {}),
    })
    // The browser opens it: anything but http(s) (javascript:, data:) is refused.
    if (authorizationUrl.protocol !== "https:" && authorizationUrl.protocol !== "http:")
      throw new Error("its authorization endpoint is not an http(s) URL")
    return {
      state,
      authorizationUrl: authorizationUrl.href,
      data: {
        authorizationServerUrl: info.authorizationServerUrl,
        metadata,
        clientInformation,
        redirectUrl: options.redirectUrl,
        resource: String(resource),
        codeVerifier,
      },
    }
  } catch (error) {
    throw new AppError(ErrorCode.McpOAuthError, { reason: `The service asks for OAuth, but ${reasonOf(error)}` })
  }
}

function withTokens(data: McpOAuthData, tokens: OAuthTokens, now: number): McpOAuthData {
  const { codeVerifier: _used, ...rest } = data
  return {
    ...rest,
    tokens: { ...tokens, refresh_token: tokens.refresh_token ?? data.tokens?.refresh_token },
    ...(tokens.expires_in ? { expiresAt: now + tokens.expires_in * 1000 } : { expiresAt: undefined }),
  }
}

/** The callback's step: the code for tokens; a refusal or a failed request is 16004. */
export async function finishAuthorization(
  data: McpOAuthData,
  code: string,
  options: { allowPrivate: boolean; timeoutMs: number; now: number },
): Promise<McpOAuthData> {
  if (!data.codeVerifier) throw new AppError(ErrorCode.McpOAuthStateInvalid)
  const { exchangeAuthorization } = await import("@modelcontextprotocol/sdk/client/auth.js")
  try {
    const tokens = await exchangeAuthorization(data.authorizationServerUrl, {
      metadata: data.metadata,
      clientInformation: data.clientInformation,
      authorizationCode: code,
      codeVerifier: data.codeVerifier,
      redirectUri: data.redirectUrl,
      resource: data.resource,
      fetchFn: oauthFetch(options.allowPrivate, options.timeoutMs),
    })
    return withTokens(data, tokens, options.now)
  } catch (error) {
    throw new AppError(ErrorCode.McpTokenExchangeError, { reason: reasonOf(error) })
  }
}

/** Tokens still good for a minute, or refreshed ones (changed: store them); none usable is 16000. */
export async function currentTokens(
  data: McpOAuthData,
  options: { allowPrivate: boolean; timeoutMs: number; now: number },
): Promise<{ data: McpOAuthData; changed: boolean }> {
  if (!data.tokens) throw new AppError(ErrorCode.McpOAuthError, { reason: "The service is not authorized yet" })
  if (!data.expiresAt || data.expiresAt - 60_000 > options.now) return { data, changed: false }
  if (!data.tokens.refresh_token)
    throw new AppError(ErrorCode.McpOAuthError, { reason: "The authorization expired: connect the service again" })
  const { refreshAuthorization } = await import("@modelcontextprotocol/sdk/client/auth.js")
  try {
    const tokens = await refreshAuthorization(data.authorizationServerUrl, {
      metadata: data.metadata,
      clientInformation: data.clientInformation,
      refreshToken: data.tokens.refresh_token,
      resource: data.resource,
      fetchFn: oauthFetch(options.allowPrivate, options.timeoutMs),
    })
    return { data: withTokens(data, tokens, options.now), changed: true }
  } catch (error) {
    throw new AppError(ErrorCode.McpTokenExchangeError, { reason: reasonOf(error) })
  }
}
