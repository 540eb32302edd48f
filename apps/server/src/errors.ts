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
