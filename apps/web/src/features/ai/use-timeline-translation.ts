// Translation in the timeline: the rows in view are translated in batches (POST /ai/translation/batch) half a
// second after the list stops moving, when translation is on and a model answers; each row then shows what is
// known for it (the same store the open entry uses).
import type { ActionSettings, EntryListItem } from "@tidings/shared"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { AiLanguage, TranslationData } from "../../api/ai.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useAiConfig } from "./ai-queries.ts"
import { aiLanguage, autoAi, viewTranslationFields } from "./ai-targets.ts"
import { useKnownTranslation } from "./translation-store.ts"

/** How long the rows in view must stay the same before they are translated. */
export const TIMELINE_TRANSLATION_DELAY_MS = 500

export function useTimelineTranslations(visible: EntryListItem[]): void {
  const { i18n } = useTranslation()
  const general = useSettingsStore((state) => state.general)
  // Asked only while translation is on (or an action rule translates some entries in view).
  const wanted = general.translation || visible.some((item) => item.settings?.translation)
  const available = useAiConfig(wanted).data?.available === true
  const latest = useRef(visible)
  latest.current = visible
  const ids = visible.map((item) => item.entries.id).join(",")
  const { translation, summary, actionLanguage } = general
  useEffect(() => {
    if (!available || !ids) return
    const timer = setTimeout(() => {
      const byLanguage = new Map<AiLanguage, { id: string; fields: ReturnType<typeof viewTranslationFields> }[]>()
      for (const item of latest.current) {
        if (!autoAi({ translation, summary }, item.settings).translation) continue
        const language = aiLanguage(actionLanguage, i18n.language, item.settings)
        const wanted = { id: item.entries.id, fields: viewTranslationFields(item.view) }
        byLanguage.set(language, [...(byLanguage.get(language) ?? []), wanted])
      }
      if (!byLanguage.size) return
      // The network part loads with the first rows to translate.
      void import("./translations.ts").then(({ translateRows }) => {
        for (const [language, entries] of byLanguage) void translateRows(entries, language)
      })
    }, TIMELINE_TRANSLATION_DELAY_MS)
    return () => clearTimeout(timer)
  }, [available, ids, translation, summary, actionLanguage, i18n.language])
}

export interface RowTranslation {
  data: TranslationData
  only: boolean
  language: AiLanguage
}

/** What a timeline row shows translated, when translation applies to it and something is known. */
export function useRowTranslation(entryId: string, settings?: ActionSettings): RowTranslation | undefined {
  const { i18n } = useTranslation()
  const on = useSettingsStore((state) => autoAi(state.general, settings).translation)
  const actionLanguage = useSettingsStore((state) => state.general.actionLanguage)
  const only = useSettingsStore((state) => state.general.translationMode === "translation-only")
  const language = aiLanguage(actionLanguage, i18n.language, settings)
  const data = useKnownTranslation(entryId, on ? language : undefined)
  return data && Object.keys(data).length ? { data, only, language } : undefined
}
