// Cheap language detection for translation: is a text already in the language it would be translated into? The
// entry's or feed's declared language where there is one; otherwise, or when the text's script contradicts it,
// the script itself (kana → Japanese, Han → Chinese, simplified or traditional by telltale characters; Latin →
// English when common English words make up enough of it).

/** The four languages the clients translate into. */
export const TARGET_LANGUAGES = ["en", "ja", "zh-CN", "zh-TW"] as const
export type TargetLanguage = (typeof TARGET_LANGUAGES)[number]

/** A declared language tag as one of ours, "zh" when only "Chinese" is known, "other" for the rest, or undefined. */
export function normalizeLanguage(tag: string | null | undefined): TargetLanguage | "zh" | "other" | undefined {
  const t = tag?.trim().toLowerCase().replace(/_/g, "-")
  if (!t) return undefined
  if (t === "en" || t.startsWith("en-")) return "en"
  if (t === "ja" || t.startsWith("ja-")) return "ja"
  if (/^zh-(cn|sg|hans)/.test(t) || t === "zh-hans") return "zh-CN"
  if (/^zh-(tw|hk|mo|hant)/.test(t)) return "zh-TW"
  if (t === "zh" || t.startsWith("zh-") || t === "cmn") return "zh"
  return "other"
}

// Characters common in running text whose forms differ between simplified and traditional Chinese.
const SIMPLIFIED = new Set("这个们来说时国会对发为学后还进过们经现样开么种长问题实关点门东车书见让边听机")
const TRADITIONAL = new Set("這個們來說時國會對發為學後還進過經現樣開麼種長問題實關點門東車書見讓邊聽機")
const ENGLISH_WORDS = new Set(
  "the and of to a in is that for it with as was on are be this by an at or from have has not but you we they".split(
    " ",
  ),
)

/** The language a text is written in, as far as its script tells; undefined when it cannot tell. */
export function detectScriptLanguage(text: string): TargetLanguage | "zh" | "other" | undefined {
  let kana = 0
  let han = 0
  let hangul = 0
  let latin = 0
  let simplified = 0
  let traditional = 0
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    if ((c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff)) kana++
    else if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf)) {
      han++
      // Both sets share some characters (们, 问题…); only those that differ count.
      if (SIMPLIFIED.has(ch) && !TRADITIONAL.has(ch)) simplified++
      else if (TRADITIONAL.has(ch) && !SIMPLIFIED.has(ch)) traditional++
    } else if (c >= 0xac00 && c <= 0xd7af) hangul++
    else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f)) latin++
  }
  const letters = kana + han + hangul + latin
  if (!letters) return undefined
  if (hangul / letters > 0.3) return "other"
  // Japanese mixes kanji with kana; a few kana in Chinese text (quoted names) are not enough.
  if (kana / letters > 0.1) return "ja"
  if (han / letters > 0.3) return simplified > traditional ? "zh-CN" : traditional > simplified ? "zh-TW" : "zh"
  if (latin / letters < 0.7) return undefined
  const words = text.toLowerCase().match(/[a-z']+/g) ?? []
  if (words.length < 4) return undefined
  const english = words.filter((w) => ENGLISH_WORDS.has(w)).length
  return english / words.length >= 0.08 ? "en" : "other"
}

/**
 * Whether `text` is already in `target`. The script wins when it is decisive (CJK text is not English whatever the
 * feed declares: many feeds keep their software's default "en-US"); otherwise the declared language decides, and
 * with neither the text counts as not yet translated.
 */
export function isInLanguage(text: string, target: TargetLanguage, declared?: string | null): boolean {
  const script = detectScriptLanguage(text)
  const stated = normalizeLanguage(declared)
  if (script === "zh") {
    // Han text without telltale characters reads the same in either form, unless the feed names the other one.
    if (target !== "zh-CN" && target !== "zh-TW") return false
    return stated !== (target === "zh-CN" ? "zh-TW" : "zh-CN")
  }
  if (script === "ja" || script === "zh-CN" || script === "zh-TW" || script === "en") return script === target
  if (stated && stated !== "zh") return stated === target
  return false
}
