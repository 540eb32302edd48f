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
    if (node instanceof HTMLIFrameElement) {
      // Embedded players need scripts, but never the top window or forms.
      node.setAttribute("sandbox", "allow-scripts allow-same-origin allow-popups allow-presentation")
      node.setAttribute("loading", "lazy")
    }
  })
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
