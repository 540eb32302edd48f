// Errors from the spec's numeric catalogue, rendered by the one onError handler in app.ts.
import { type ApiErrorBody, ErrorCode, errorCatalogue } from "@tidings/shared"

export { ErrorCode }

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly reason?: string
  readonly data?: unknown

  constructor(code: ErrorCode, options: { message?: string; reason?: string; data?: unknown } = {}) {
    const [status, message] = errorCatalogue[code]
    super(options.message ?? message)
    this.code = code
    this.status = status
    this.reason = options.reason
    this.data = options.data
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, message: this.message }
    if (this.reason !== undefined) body.reason = this.reason
    if (this.data !== undefined) body.data = this.data
    return body
  }
}

/** The answer to a method and path no call of the catalogue has: the catalogue's NotFound, with a reason naming it,
 * so that a client (or a test) tells an unknown call from a known call whose resource is missing. */
export function noSuchCall(method: string, path: string): AppError {
  return new AppError(ErrorCode.NotFound, { reason: `No such call: ${method} ${path}` })
}
