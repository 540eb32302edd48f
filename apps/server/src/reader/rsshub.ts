// RSSHub routes as feed URLs: `rsshub://namespace/route` is stored as written and fetched from the configured
// instance, so moving to another instance needs no change to anyone's subscriptions.

export const RSSHUB_SCHEME = "rsshub:"

export function isRsshubUrl(url: string): boolean {
  return url.toLowerCase().startsWith("rsshub://")
}

/** A route path stays inside the instance: no empty, "." or ".." segments, also when percent-encoded. */
export function isSafeRoute(url: string): boolean {
  const path = url.slice("rsshub://".length).split(/[?#]/)[0]!
  const segments = path.split("/").map((s) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return ".."
    }
  })
  return segments.length > 0 && segments[0] !== "" && !segments.some((s) => s === "." || s === ".." || s.includes("\\"))
}

/** The http(s) URL to fetch for a feed URL (unchanged unless it is an RSSHub route). */
export function fetchUrlFor(url: string, instance: string): string {
  if (!isRsshubUrl(url)) return url
  return `${instance.replace(/\/+$/, "")}/${url.slice("rsshub://".length).replace(/^\/+/, "")}`
}

/** Namespace and route of an RSSHub feed URL, e.g. rsshub://github/issue/DIYgod/RSSHub → github, /issue/… */
export function rsshubRoute(url: string): { namespace: string; route: string } | null {
  if (!isRsshubUrl(url)) return null
  const path = url.slice("rsshub://".length).replace(/^\/+/, "")
  const [namespace, ...rest] = path.split("/")
  return namespace ? { namespace, route: `/${rest.join("/")}` } : null
}
