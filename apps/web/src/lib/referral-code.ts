// The referral code a visitor arrived with (/login?referral=CODE), kept until sign-up so the auth calls can send it
// in the spec's header (client §: "a referral code on auth calls when one is stored").

const KEY = "tidings:referral-code"
export const REFERRAL_HEADER = "folo-referral-code"
export const REFERRAL_PARAM = "referral"

const storage = (): Storage | undefined => (typeof localStorage === "undefined" ? undefined : localStorage)

export function storeReferralCode(code: string | null): void {
  const clean = code?.trim().toUpperCase() ?? ""
  if (/^[0-9A-Z]{4,32}$/.test(clean)) storage()?.setItem(KEY, clean)
}

export const storedReferralCode = (): string | null => storage()?.getItem(KEY) ?? null

/** The link a user shares: the login page of this server, carrying their code. */
export const referralLink = (origin: string, code: string) =>
  `${origin}/login?${REFERRAL_PARAM}=${encodeURIComponent(code)}`
