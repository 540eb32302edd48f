// The lease on a feed being refreshed: short (FEED_LEASE_SECONDS) and renewed every third of it while the refresh
// runs, so a live fetch is never handed out twice, yet a feed whose process died is due again within one lease.
import type { Deps } from "../deps.ts"
import { extendFeedLease, type FeedRow } from "../storage/feeds.ts"

export interface FeedLease {
  /** Stops renewing; the refresh's own next check (or the last renewal's expiry) stands. */
  release(): Promise<void>
}

export function leaseMs(deps: Deps): number {
  return deps.config.FEED_LEASE_SECONDS * 1000
}

/**
 * Takes the lease at once (a job that waited in the queue may start after the claim's lease ran out), then renews
 * it. A renewal that finds the feed changed by someone else stops: that holder's word is the newer one.
 */
export function holdFeedLease(deps: Deps, feed: Pick<FeedRow, "id" | "nextCheckAt">): FeedLease {
  const ms = leaseMs(deps)
  let held = feed.nextCheckAt
  let stopped = false
  let pending: Promise<unknown> = Promise.resolve()
  const renew = () => {
    if (stopped) return
    const next = new Date(deps.now().getTime() + ms)
    pending = extendFeedLease(deps.db, feed.id, held, next).then(
      (extended) => {
        if (extended) held = next
        else stop()
      },
      (error: unknown) => deps.log.warn("feed lease renewal failed", { feedId: feed.id, error: String(error) }),
    )
  }
  const timer = setInterval(renew, Math.max(100, Math.floor(ms / 3)))
  timer.unref()
  const stop = () => {
    stopped = true
    clearInterval(timer)
  }
  renew()
  return {
    async release() {
      stop()
      await pending
    },
  }
}
