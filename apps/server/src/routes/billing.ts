// /billing: Folo's web client opens Stripe's customer portal with POST /billing/portal. This server takes no payments
// (plans are set by its administrator), so there is no portal: the answer says so, like better-auth's
// subscription/restore in app.ts.
import { ErrorCode } from "@tidings/shared"
import { Hono } from "hono"
import { AppError } from "../errors.ts"
import type { AppEnv } from "./env.ts"

export const NO_PAYMENTS_REASON = "Plans on this server are set by its administrator, not bought"

export function billingRoutes() {
  return new Hono<AppEnv>().post("/portal", () => {
    throw new AppError(ErrorCode.NotFound, {
      message: "This server takes no payments, so there is no billing portal",
      reason: NO_PAYMENTS_REASON,
    })
  })
}
