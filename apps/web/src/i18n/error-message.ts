// The text to show for a failed call: the localized errors:<code> message when the code is in the catalogue, the
// localized auth:<CODE> message for better-auth's string codes, else the server's own message.
import { errorCatalogue } from "@tidings/shared"
import i18next from "i18next"
import { ApiError, catalogueCode } from "../api/api-error.ts"

type CatalogueCode = `${keyof typeof errorCatalogue}`

export function errorMessage(error: unknown): string {
  const code = catalogueCode(error)
  if (code !== undefined && code in errorCatalogue) return i18next.t(`errors:${String(code) as CatalogueCode}`)
  if (error instanceof ApiError && typeof error.code === "string" && i18next.exists(`auth:${error.code}`))
    return i18next.t(`auth:${error.code}` as "auth:INVALID_EMAIL_OR_PASSWORD")
  return error instanceof Error ? error.message : String(error)
}
