// What the AI reading helpers work on: the language they write in, the fields a view translates, and whether an
// entry gets a summary or a translation by itself (the general settings, or an action rule's settings on the entry).
import { type ActionSettings, FeedViewType } from "@tidings/shared"
import type { AiLanguage, TranslationField } from "../../api/ai.ts"

const AI_LANGUAGES: readonly string[] = ["en", "ja", "zh-CN", "zh-TW"] satisfies AiLanguage[]
const isAiLanguage = (value: unknown): value is AiLanguage => typeof value === "string" && AI_LANGUAGES.includes(value)

/**
 * The language of summaries and translations: the entry's action rule when it names one, else actionLanguage
 * ("default" means the interface language), else the interface language, else English.
 */
export function aiLanguage(actionLanguage: string, uiLanguage: string, entrySettings?: ActionSettings): AiLanguage {
  if (isAiLanguage(entrySettings?.translation)) return entrySettings.translation
  if (isAiLanguage(actionLanguage)) return actionLanguage
  if (isAiLanguage(uiLanguage)) return uiLanguage
  const lower = uiLanguage.toLowerCase()
  if (lower.startsWith("zh")) return /^zh-(tw|hk|mo|hant)/.test(lower) ? "zh-TW" : "zh-CN"
  if (lower.startsWith("ja")) return "ja"
  return "en"
}

/** Spec: Articles translate title and description; Social media the content; every other view the title. */
export function viewTranslationFields(view: number): TranslationField[] {
  if (view === FeedViewType.Articles) return ["title", "description"]
  if (view === FeedViewType.SocialMedia) return ["content"]
  return ["title"]
}

/** The open entry: its view's fields and the body being read (the feed's content or the readability text). */
export function entryTranslationFields(view: number, body: "content" | "readabilityContent"): TranslationField[] {
  const fields = viewTranslationFields(view)
  return fields.includes(body) ? fields : [...fields, body]
}

export interface AutoAi {
  summary: boolean
  translation: boolean
}

/** Whether an entry is summarised and translated without being asked: the settings, or its action rule's. */
export function autoAi(general: { summary: boolean; translation: boolean }, entrySettings?: ActionSettings): AutoAi {
  return {
    summary: general.summary || entrySettings?.summary === true,
    translation: general.translation || Boolean(entrySettings?.translation),
  }
}
