// What the "@" picker offers for the words typed: the user's feeds, entries (those in the timeline's query cache,
// plus GET /entries' latest ones, the palette's server call) and date windows, in three groups.
import { type InfiniteData, useQuery, useQueryClient } from "@tanstack/react-query"
import type { EntryListItem } from "@tidings/shared"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { searchEntries } from "../../api/entries.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import {
  DATE_PRESETS,
  type DatePreset,
  dateChoices,
  entryChoices,
  feedChoices,
  type Mention,
  type MentionQuery,
} from "./mentions.ts"

export interface MentionGroup {
  kind: Mention["kind"]
  choices: Mention[]
}

const SERVER_DEBOUNCE_MS = 250

function cachedEntries(queryClient: ReturnType<typeof useQueryClient>): EntryListItem[] {
  return queryClient
    .getQueriesData<InfiniteData<EntryListItem[]>>({ queryKey: queryKeys.entriesRoot })
    .flatMap(([, data]) => (Array.isArray(data?.pages) ? data.pages.flat() : []))
    .filter((item) => typeof item?.entries?.id === "string")
}

export function useMentionChoices(typing: MentionQuery | null): MentionGroup[] {
  const { t } = useTranslation("ai-chat")
  const queryClient = useQueryClient()
  const subscriptions = useSubscriptions().data
  const open = typing !== null
  const query = typing?.query ?? ""
  const debounced = useDebounced(query.trim(), SERVER_DEBOUNCE_MS)
  const server = useQuery({
    queryKey: ["chat-mention-entries", debounced],
    queryFn: ({ signal }) => searchEntries(debounced, signal),
    enabled: open && debounced.length >= 2,
    staleTime: 60_000,
  })
  // Read once per opening of the picker: the cache does not change while the user types a name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken again when a new mention starts
  const cached = useMemo(() => (open ? cachedEntries(queryClient) : []), [open, typing?.start, queryClient])
  // biome-ignore lint/correctness/useExhaustiveDependencies: "now" is taken when a mention starts
  const now = useMemo(() => new Date(), [typing?.start])

  if (!typing) return []
  const limit = query ? 6 : 4
  const labels = Object.fromEntries(DATE_PRESETS.map((p) => [p, t(`mention.date.${p}`)])) as Record<DatePreset, string>
  const groups: MentionGroup[] = [
    { kind: "feed", choices: feedChoices(subscriptions ?? [], query, limit) },
    { kind: "entry", choices: entryChoices([...cached, ...(server.data ?? [])], query, limit) },
    { kind: "date", choices: dateChoices(query, now, labels) },
  ]
  return groups.filter((g) => g.choices.length > 0)
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
