// Entry HTML is sanitised on the server and again here, before it reaches the page. Extra tags (video, iframe,
// svg, audio) are allowed unless media is disabled (spec §5); links open in a new tab without an opener. Inline
// styles are kept only when readerRenderInlineStyle is on, and DOMPurify still cleans them then.
import DOMPurify from "dompurify"

const MEDIA_TAGS = ["iframe", "video", "audio", "source", "track", "svg"]
const MEDIA_ATTRS = ["allow", "allowfullscreen", "frameborder", "controls", "poster", "playsinline", "preload", "loop"]

let hooksInstalled = false

function installHooks(): void {
  if (hooksInstalled) return
  hooksInstalled = true
  DOMPurify.addHook("afterSanitizeAttributes", (node) => {
    if (node instanceof HTMLAnchorElement && node.hasAttribute("href")) {
      node.setAttribute("target", "_blank")
      node.setAttribute("rel", "noopener noreferrer")
    }
    if (node instanceof HTMLImageElement) {
      node.setAttribute("loading", "lazy")
      node.setAttribute("referrerpolicy", "no-referrer")
    }
    if (node instanceof HTMLPreElement) {
      // A code block wider than the column scrolls sideways: the keyboard must be able to reach it to scroll it.
      node.setAttribute("tabindex", "0")
    }
    if (node instanceof HTMLIFrameElement) {
      node.setAttribute("sandbox", iframeSandbox(node.getAttribute("src"), window.location.origin))
      node.setAttribute("loading", "lazy")
    }
  })
}

/**
 * Video hosts whose embedded players do not play in an opaque origin (they read their own cookies and storage).
 * Only these keep their own origin in the sandbox, and only when they are another origin than the app's.
 */
const PLAYER_HOSTS = new Set([
  "www.youtube.com",
  "youtube.com",
  "www.youtube-nocookie.com",
  "player.vimeo.com",
  "player.bilibili.com",
  "w.soundcloud.com",
  "open.spotify.com",
])

/**
 * The sandbox of an iframe in entry content: scripts (embedded players need them) in an opaque origin, so the
 * frame can reach neither the app's cookies and storage nor the top window, nor submit forms. Scripts together
 * with allow-same-origin would let a same-origin frame remove its own sandbox.
 */
export function iframeSandbox(src: string | null, appOrigin: string): string {
  const tokens = ["allow-scripts", "allow-popups", "allow-presentation"]
  let url: URL | undefined
  try {
    url = src ? new URL(src, appOrigin) : undefined
  } catch {
    url = undefined
  }
  if (url?.protocol === "https:" && PLAYER_HOSTS.has(url.hostname) && url.origin !== appOrigin) {
    tokens.splice(1, 0, "allow-same-origin")
  }
  return tokens.join(" ")
}

export interface SanitizeOptions {
  allowMedia: boolean
  keepInlineStyle: boolean
}

/** The DOMPurify settings for these options; separate so the rules are unit-tested without a DOM. */
export function sanitizeConfig(options: SanitizeOptions) {
  return {
    ADD_TAGS: options.allowMedia ? MEDIA_TAGS : [],
    ADD_ATTR: options.allowMedia ? [...MEDIA_ATTRS, "target"] : ["target"],
    // A <style> element would restyle the whole app, whatever readerRenderInlineStyle says.
    FORBID_TAGS: options.allowMedia
      ? ["form", "input", "button", "textarea", "select", "style"]
      : [...MEDIA_TAGS, "form", "style"],
    FORBID_ATTR: options.keepInlineStyle ? [] : ["style"],
  }
}

export function sanitizeEntryHtml(html: string, options: SanitizeOptions): DocumentFragment {
  installHooks()
  return DOMPurify.sanitize(html, { ...sanitizeConfig(options), RETURN_DOM_FRAGMENT: true })
}
