import { describe, expect, it } from "vitest"
import { referralLink, storedReferralCode, storeReferralCode } from "./referral-code.ts"

const store = new Map<string, string>()
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
} as Storage

describe("referral code", () => {
  it("keeps a code from a shared link, upper-cased, and ignores what cannot be one", () => {
    expect(storedReferralCode()).toBeNull()
    storeReferralCode(null)
    storeReferralCode("not a code!")
    storeReferralCode("<script>")
    expect(storedReferralCode()).toBeNull()
    storeReferralCode(" ab23cd45 ")
    expect(storedReferralCode()).toBe("AB23CD45")
  })

  it("builds the link that carries the code to the login page", () => {
    expect(referralLink("https://reader.example", "AB23CD45")).toBe("https://reader.example/login?referral=AB23CD45")
  })
})
