// Social sign-in (GitHub, Google): a provider is offered when its client id and secret are both configured. The
// same table feeds better-auth's socialProviders and GET /better-auth/get-providers, so the two cannot disagree.
import type { Config } from "../config.ts"
import { OIDC_PROVIDER_ID, oidcOffered } from "./oidc.ts"

export interface SocialProvider {
  id: "github" | "google"
  name: string
  clientId: string
  clientSecret: string
}

export function socialProviders(config: Config): SocialProvider[] {
  const all = [
    { id: "github", name: "GitHub", clientId: config.GITHUB_CLIENT_ID, clientSecret: config.GITHUB_CLIENT_SECRET },
    { id: "google", name: "Google", clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET },
  ] as const
  return all.flatMap((p) =>
    p.clientId && p.clientSecret ? [{ ...p, clientId: p.clientId, clientSecret: p.clientSecret }] : [],
  )
}

/** better-auth's socialProviders option. */
export function betterAuthSocialProviders(config: Config) {
  return Object.fromEntries(
    socialProviders(config).map((p) => [p.id, { clientId: p.clientId, clientSecret: p.clientSecret }]),
  )
}

/** The answer of GET /better-auth/get-providers (Folo's shape: provider id → {id, name}); no secrets. */
export function publicProviders(config: Config): Record<string, { id: string; name: string }> {
  const listed: Record<string, { id: string; name: string }> = Object.fromEntries(
    socialProviders(config).map((p) => [p.id, { id: p.id, name: p.name }]),
  )
  // The OpenID Connect provider (auth/oidc.ts) under its configured name, once its discovery has answered.
  if (oidcOffered(config)) listed[OIDC_PROVIDER_ID] = { id: OIDC_PROVIDER_ID, name: config.OIDC_NAME }
  return listed
}
