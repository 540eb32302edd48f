import { describe, expect, it } from "vitest"
import { credentialProblem, signUpName } from "./credentials.ts"

describe("credentialProblem", () => {
  it("requires both the e-mail and the password", () => {
    expect(credentialProblem("", "secret")).toBe("email_required")
    expect(credentialProblem("   ", "secret")).toBe("email_required")
    expect(credentialProblem("a@b.c", "")).toBe("password_required")
    expect(credentialProblem("a@b.c", "secret")).toBeUndefined()
  })
})

describe("signUpName", () => {
  it("falls back to the e-mail's local part", () => {
    expect(signUpName(" Ada ", "ada@example.com")).toBe("Ada")
    expect(signUpName("", "ada@example.com")).toBe("ada")
  })
})
