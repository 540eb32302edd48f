// The open entry's AI state, shared by its toolbar and its pane: whether its summary shows and whether it is
// translated (the reader's choice for this entry, else the settings when a model answers), and in which language.
import type { ActionSettings } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import type { AiLanguage } from "../../api/ai.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiConfig } from "./ai-queries.ts"
import { aiLanguage, autoAi } from "./ai-targets.ts"
import { useEntryAiStore } from "./entry-ai-store.ts"

export interface EntryAi {
  language: AiLanguage
  /** A model answers this user (false while unknown: nothing is asked for by itself then). */
  available: boolean
  summaryShown: boolean
  translated: boolean
  translationMode: "bilingual" | "translation-only"
  toggleSummary: () => void
  toggleTranslation: () => void
}

export function useEntryAi(entryId: string, entrySettings?: ActionSettings): EntryAi {
  const { i18n } = useTranslation()
  const general = useSettingsStore((state) => state.general)
  const config = useAiConfig()
  const summaryChoice = useEntryAiStore((state) => state.summary[entryId])
  const translationChoice = useEntryAiStore((state) => state.translation[entryId])
  const setSummary = useEntryAiStore((state) => state.setSummary)
  const setTranslation = useEntryAiStore((state) => state.setTranslation)
  const available = config.data?.available === true
  const auto = autoAi(general, entrySettings)
  const summaryShown = summaryChoice ?? (auto.summary && available)
  const translated = translationChoice ?? (auto.translation && available)
  return {
    language: aiLanguage(general.actionLanguage, i18n.language, entrySettings),
    available,
    summaryShown,
    translated,
    translationMode: general.translationMode,
    toggleSummary: () => setSummary(entryId, !summaryShown),
    toggleTranslation: () => setTranslation(entryId, !translated),
  }
}
