// Which links in an entry leave the app (and so get the jump-out warning when jumpOutLinkWarn is on).

/** An http(s) link to another origin; in-page anchors, mailto: and same-origin links are not "jumping out". */
export function externalHref(href: string | null, appOrigin: string): string | null {
  if (!href) return null
  let url: URL
  try {
    url = new URL(href, appOrigin)
  } catch {
    return null
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null
  return url.origin === appOrigin ? null : url.href
}
