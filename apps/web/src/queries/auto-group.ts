// autoGroup (general settings, on by default): feeds without a category that come from the same site are shown
// together in a folder named after the site, as long as at least two share it. Nothing is stored: the folder is a
// view of the subscriptions, and it vanishes when a feed gets a category of its own.
import type { FeedSubscription } from "@tidings/shared"

/** An IP address or a one-word host (localhost, a LAN box) names a machine, not a site: often many unrelated feeds. */
const NOT_A_SITE = /^(\d+\.){3}\d+$|^\[.*\]$|^[^.]+$/

/** The site a feed belongs to: its site address's host (else its own), without a leading "www.". */
export function siteOf(sub: FeedSubscription): string | undefined {
  for (const address of [sub.feeds.siteUrl, sub.feeds.url]) {
    if (!address) continue
    try {
      const host = new URL(address).hostname
      if (host && !NOT_A_SITE.test(host)) return host.replace(/^www\./, "")
    } catch {
      // rsshub:// routes and other non-URLs have no site to group by.
    }
  }
  return undefined
}

/** The subscriptions with an automatic category for uncategorised feeds whose site at least one other shares. */
export function withAutoGroups(subs: readonly FeedSubscription[]): FeedSubscription[] {
  const loose = subs.filter((sub) => !sub.category?.trim())
  const perSite = new Map<string, number>()
  for (const sub of loose) {
    const site = siteOf(sub)
    // Per view: a folder lives in one view's tree.
    if (site) perSite.set(`${sub.view} ${site}`, (perSite.get(`${sub.view} ${site}`) ?? 0) + 1)
  }
  return subs.map((sub) => {
    if (sub.category?.trim()) return sub
    const site = siteOf(sub)
    return site && (perSite.get(`${sub.view} ${site}`) ?? 0) >= 2 ? { ...sub, category: site } : sub
  })
}
