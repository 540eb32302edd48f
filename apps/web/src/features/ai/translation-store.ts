// The translations this page knows, per entry and language, shared by the timeline rows and the open entry. Small
// and free of the network code (translations.ts), which loads only once something is to be translated.
import { create } from "zustand"
import type { AiLanguage, TranslationData, TranslationField } from "../../api/ai.ts"
import type { KnownTranslation } from "./local-ai.ts"

/** Entries kept in memory per page; the local database keeps the rest. */
const KEPT = 300
export const keyOf = (entryId: string, language: string) => `${language}:${entryId}`

interface TranslationState {
  known: Record<string, KnownTranslation>
  add: (key: string, data: TranslationData, fields: TranslationField[]) => void
}

export const useTranslationStore = create<TranslationState>()((set) => ({
  known: {},
  add: (key, data, fields) =>
    set((state) => {
      const old = state.known[key]
      const next: KnownTranslation = {
        data: { ...old?.data, ...data },
        resolved: [...new Set([...(old?.resolved ?? []), ...fields])],
      }
      const { [key]: _, ...rest } = state.known
      const kept = Object.keys(rest)
      // The oldest go first: keys keep their insertion order, and a changed key moves to the end.
      for (const drop of kept.slice(0, Math.max(0, kept.length + 1 - KEPT))) delete rest[drop]
      return { known: { ...rest, [key]: next } }
    }),
}))

/** The translated fields known for an entry (undefined until something is known). */
export function useKnownTranslation(entryId: string, language: AiLanguage | undefined): TranslationData | undefined {
  return useTranslationStore((state) => (language ? state.known[keyOf(entryId, language)]?.data : undefined))
}
