import i18next from "i18next"
import { beforeAll, describe, expect, it } from "vitest"
import { ApiError } from "../api/api-error.ts"
import { errorMessage } from "./error-message.ts"
import { CORE_NAMESPACES, englishResources, loadNamespace } from "./resources.ts"

const failure = (code: number | string, message: string) =>
  new ApiError({ kind: "http", status: 400, message, code, method: "POST", path: "/better-auth/sign-in/email" })

beforeAll(async () => {
  await i18next.init({
    lng: "en",
    fallbackLng: "en",
    ns: [...CORE_NAMESPACES],
    resources: {
      // The sign-in screens load the auth strings with their code (app/router.tsx), as here.
      en: { ...englishResources, auth: await loadNamespace("en", "auth") },
      ja: { auth: await loadNamespace("ja", "auth"), errors: await loadNamespace("ja", "errors") },
    },
    keySeparator: false,
    interpolation: { escapeValue: false },
  })
})

describe("errorMessage", () => {
  it("says better-auth's refusals in the interface language, not in the server's English", async () => {
    const refusal = failure("INVALID_EMAIL_OR_PASSWORD", "Invalid email or password")
    expect(errorMessage(refusal)).toBe("The e-mail address or password is not correct.")
    await i18next.changeLanguage("ja")
    expect(errorMessage(refusal)).toBe("メールアドレスまたはパスワードが正しくありません。")
    expect(errorMessage(failure(1003, "x"))).toBe(i18next.t("errors:1003"))
    await i18next.changeLanguage("en")
  })

  it("falls back to the server's own words for a code it has no text for", () => {
    expect(errorMessage(failure("SOMETHING_NEW", "Something new went wrong"))).toBe("Something new went wrong")
    expect(errorMessage(new Error("plain"))).toBe("plain")
  })
})
