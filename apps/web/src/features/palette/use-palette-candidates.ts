// What the palette searches: the entry lists in the query cache, the feeds, followed lists and folders, the commands, and the
// server's full-text search (GET /entries/search) for the text typed (debounced).
import type { InfiniteData } from "@tanstack/react-query"
import { useQuery, useQueryClient } from "@tanstack/react-query"
import type { EntryListItem } from "@tidings/shared"
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { searchEntries } from "../../api/entries.ts"
import type { ListSubscription } from "../../api/subscriptions.ts"
import { views } from "../../lib/views.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useListSubscriptions } from "../../queries/list-subscriptions.ts"
import { categoryNames } from "../../queries/subscription-selectors.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import type { PaletteCandidate } from "./palette-search.ts"

const SERVER_DEBOUNCE_MS = 250
export const PALETTE_COMMANDS = [
  "global.quick-add",
  "global.shortcuts",
  "global.settings",
  "global.discover",
  "timeline.refresh",
  "timeline.unread-only",
  "timeline.mark-all-read",
  "layout.toggle-sidebar",
  "global.toggle-ai",
] as const

export interface PaletteData {
  candidates: PaletteCandidate[]
  entries: Map<string, EntryListItem>
  serverPending: boolean
}

export function usePaletteCandidates(query: string): PaletteData {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const subs = useSubscriptions().data ?? []
  const lists = useListSubscriptions().data ?? []
  const debounced = useDebounced(query.trim(), SERVER_DEBOUNCE_MS)
  const server = useQuery({
    queryKey: ["palette-search", debounced],
    queryFn: ({ signal }) => searchEntries(debounced, signal),
    enabled: debounced.length >= 2,
    staleTime: 60_000,
  })

  const local = useMemo(() => {
    const entries = new Map<string, EntryListItem>()
    for (const [, data] of queryClient.getQueriesData<InfiniteData<EntryListItem[]>>({
      queryKey: queryKeys.entriesRoot,
    })) {
      for (const item of data?.pages.flat() ?? []) entries.set(item.entries.id, item)
    }
    return entries
  }, [queryClient])

  return useMemo(() => {
    const entries = new Map(local)
    const candidates: PaletteCandidate[] = [
      ...PALETTE_COMMANDS.map((id) => ({ id, kind: "command" as const, title: t(`shortcuts.command.${id}`) })),
      ...views.map((meta) => ({
        id: `view:${meta.view}`,
        kind: "command" as const,
        title: t(meta.nameKey),
        extra: t("sidebar.views"),
      })),
      ...subs.map((sub) => ({
        id: sub.feedId,
        kind: "feed" as const,
        title: sub.title || sub.feeds.title || sub.feeds.url,
        subtitle: sub.feeds.siteUrl ?? sub.feeds.url,
      })),
      ...lists.map(listCandidate),
      ...categoryNames(subs).map((name) => ({ id: name, kind: "folder" as const, title: name })),
      ...[...local.values()].map((item) => entryCandidate(item, "entry")),
    ]
    for (const [rank, item] of (server.data ?? []).entries()) {
      if (!entries.has(item.entries.id)) entries.set(item.entries.id, item)
      candidates.push({ ...entryCandidate(item, "server"), found: { ...item.search, rank } })
    }
    return { candidates, entries, serverPending: server.isFetching }
  }, [local, server.data, server.isFetching, subs, lists, t])
}

export function listCandidate(sub: ListSubscription): PaletteCandidate {
  return {
    id: sub.listId,
    kind: "list",
    title: sub.title || sub.lists.title || sub.listId,
    subtitle: sub.lists.description ?? undefined,
  }
}

function entryCandidate(item: EntryListItem, kind: "entry" | "server"): PaletteCandidate {
  return {
    id: item.entries.id,
    kind,
    title: item.entries.title || item.entries.description || "",
    subtitle: item.feeds.title ?? item.feeds.url,
    extra: `${item.entries.author ?? ""} ${item.entries.description ?? ""}`,
  }
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
