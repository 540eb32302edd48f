// Opening an entry marks it read, once per opening: marking it unread again while it stays open sticks.
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useRef } from "react"
import { lookupEntry } from "../../queries/entry-state.ts"
import { useSetEntryRead } from "../../queries/reads.ts"

export function useAutoMarkRead(entryId: string | undefined, loaded: boolean): void {
  const queryClient = useQueryClient()
  const setRead = useSetEntryRead()
  const marked = useRef<string | undefined>(undefined)
  const mutate = setRead.mutate

  useEffect(() => {
    if (!entryId || !loaded || marked.current === entryId) return
    marked.current = entryId
    // An entry the caches know as read needs no call; an unknown state is marked to be sure.
    if (lookupEntry(queryClient, entryId)?.read === true) return
    mutate({ id: entryId, read: true })
  }, [entryId, loaded, queryClient, mutate])
}
