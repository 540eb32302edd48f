// How the reader's settings become styles: the font stack, and the user's customCSS confined to the entry content.
// Pure, so the confinement rules are unit-tested.

/** The attribute the scoped custom CSS targets; only the entry content carries it. */
export const CONTENT_SCOPE_ATTR = "data-entry-content"

/**
 * The user's CSS wrapped in an @scope rule so it styles the entry content and nothing else. A text that could end
 * the scope early (unbalanced braces, a comment left open, a closing style tag, @import) is refused whole, since
 * part of it could restyle the app itself.
 */
export function scopeCustomCss(css: string): string {
  const text = css.trim()
  if (!text) return ""
  if (/<\/style/i.test(text) || /@import/i.test(text)) return ""
  const withoutComments = text.replace(/\/\*[\s\S]*?\*\//g, "")
  if (withoutComments.includes("/*")) return ""
  let depth = 0
  for (const char of withoutComments.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "")) {
    if (char === "{") depth++
    else if (char === "}" && --depth < 0) return ""
  }
  if (depth !== 0) return ""
  return `@scope ([${CONTENT_SCOPE_ATTR}]) {\n${withoutComments}\n}`
}

/** The reader font: "inherit" (the default) keeps the app's font; another name comes first with a fallback. */
export function readerFontStack(family: string): string | undefined {
  const name = family.trim()
  if (!name || name === "inherit") return undefined
  const quoted = /^[\w-]+$/.test(name) ? name : `"${name.replaceAll('"', "")}"`
  return `${quoted}, system-ui, sans-serif`
}
