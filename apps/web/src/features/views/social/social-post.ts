// A social post's text and whether it starts collapsed: long posts show "show more" unless the user chose to
// expand them (autoExpandLongSocialMedia).
import { textSnippet } from "../../timeline/text-snippet.ts"

export const LONG_POST_CHARS = 280
export const LONG_POST_LINES = 6
const MAX_POST_CHARS = 20_000

/** The post's plain text, line breaks kept (paragraphs and <br> become new lines). */
export function postText(html: string | null | undefined): string {
  if (!html) return ""
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|blockquote|h[1-6])>/gi, "\n")
  return withBreaks
    .split("\n")
    .map((line) => textSnippet(line, MAX_POST_CHARS))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
}

export function isLongPost(text: string): boolean {
  return text.length > LONG_POST_CHARS || text.split("\n").length > LONG_POST_LINES
}
