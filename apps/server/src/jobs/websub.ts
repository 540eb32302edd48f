// The WebSub ticker: renews leases before they lapse, retries failed subscriptions with back-off, fails the ones a
// hub never verified, and lets subscriptions of feeds nobody follows go (services/websub.ts does the work).
import type { Deps } from "../deps.ts"
import { tendDueWebSubs } from "../services/websub.ts"
import { startTicker, type Ticker } from "./ticker.ts"

export type WebSubTicker = Ticker<number>

export function startWebSubTicker(deps: Deps, options: { intervalMs: number }): WebSubTicker {
  return startTicker(deps.log, "websub tick", options.intervalMs, () => tendDueWebSubs(deps), 0)
}
