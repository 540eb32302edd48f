// The open entry's translation: its view's fields and the body being read, in one request. In readability mode the
// request waits for the readability text, which the server must have extracted before it can translate it.
import { useQuery } from "@tanstack/react-query"
import { READABILITY_MAX_AGE_MS } from "@tidings/shared"
import type { AiLanguage } from "../../api/ai.ts"
import { getReadability } from "../../api/entries.ts"
import { entryTranslationFields, viewTranslationFields } from "./ai-targets.ts"

export interface EntryTranslationInput {
  entryId: string
  view: number
  /** The entry pane's mode: the page itself (source) has nothing of ours to translate. */
  mode: "content" | "readability" | "source"
  language: AiLanguage
  enabled: boolean
}

export function useEntryTranslation({ entryId, view, mode, language, enabled }: EntryTranslationInput) {
  // The same query as the pane's body (entry-body.tsx): one request, whichever asks first.
  const readability = useQuery({
    queryKey: ["readability", entryId],
    queryFn: ({ signal }) => getReadability(entryId, signal),
    enabled: enabled && mode === "readability",
    staleTime: READABILITY_MAX_AGE_MS,
  })
  const body = mode === "readability" ? "readabilityContent" : "content"
  const fields = mode === "source" ? viewTranslationFields(view) : entryTranslationFields(view, body)
  const ready = mode !== "readability" || Boolean(readability.data)
  return useQuery({
    queryKey: ["ai-translation", entryId, language, fields.join(",")],
    queryFn: async ({ signal }) =>
      (await import("./translations.ts")).translateEntry(entryId, language, fields, signal),
    enabled: enabled && ready,
    // Kept in the translations store and the local database, not in the (persisted) query cache.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
