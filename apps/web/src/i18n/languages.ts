// Language detection (spec client: query-string lng, then local storage, then the browser; default en).
import { LOCAL_KEY_PREFIX } from "@tidings/shared"

export const DEFAULT_LANGUAGE = "en"
export const LANGUAGE_STORAGE_KEY = `${LOCAL_KEY_PREFIX}I18N_LOCALE`

const TRADITIONAL_CHINESE = /^zh-(tw|hk|mo|hant)/i

/** The supported language a tag stands for, if any ("ja-JP" → "ja", "zh-HK" → "zh-TW", "zh" → "zh-CN"). */
export function matchLanguage(tag: string | null | undefined, supported: readonly string[]): string | undefined {
  if (!tag) return undefined
  const exact = supported.find((lang) => lang.toLowerCase() === tag.toLowerCase())
  if (exact) return exact
  if (tag.toLowerCase().startsWith("zh")) {
    const wanted = TRADITIONAL_CHINESE.test(tag) ? "zh-TW" : "zh-CN"
    if (supported.includes(wanted)) return wanted
  }
  const base = tag.split("-")[0].toLowerCase()
  return supported.find((lang) => lang.split("-")[0].toLowerCase() === base)
}

export function detectLanguage(input: {
  search: string
  stored: string | null
  browser: readonly string[]
  supported: readonly string[]
}): string {
  const fromQuery = new URLSearchParams(input.search).get("lng")
  for (const tag of [fromQuery, input.stored, ...input.browser]) {
    const match = matchLanguage(tag, input.supported)
    if (match) return match
  }
  return DEFAULT_LANGUAGE
}

/** Each language under its own name, for the language menu (the same in every interface language). */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: "English",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
  ja: "日本語",
}
