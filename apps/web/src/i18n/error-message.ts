// The text to show for a failed call: the localized errors:<code> message when the code is in the catalogue,
// else the server's (or better-auth's) own message.
import { errorCatalogue } from "@tidings/shared"
import i18next from "i18next"
import { catalogueCode } from "../api/api-error.ts"

type CatalogueCode = `${keyof typeof errorCatalogue}`

export function errorMessage(error: unknown): string {
  const code = catalogueCode(error)
  if (code !== undefined && code in errorCatalogue) return i18next.t(`errors:${String(code) as CatalogueCode}`)
  return error instanceof Error ? error.message : String(error)
}
