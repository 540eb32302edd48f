// The chat sessions as TanStack Query data: the list (newest first, page by page), the unread ids, one session's
// stored messages, and the changes (rename, delete, mark seen) with the list brought up to date after each.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import {
  chatMessages,
  deleteChatSession,
  listChatSessions,
  markChatSeen,
  renameChatSession,
  unreadChatSessions,
} from "../../api/ai-chat.ts"
import { chatKeys } from "../../queries/keys.ts"

export { chatKeys }

const PAGE = 20

export function useChatSessions() {
  return useInfiniteQuery({
    queryKey: chatKeys.sessions,
    queryFn: ({ pageParam, signal }) => listChatSessions({ limit: PAGE, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore,
  })
}

export function useUnreadChats() {
  return useQuery({ queryKey: chatKeys.unread, queryFn: ({ signal }) => unreadChatSessions(signal) })
}

/** The newest page of a session's messages; `enabled` false for a conversation not started yet. */
export function useStoredMessages(chatId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ signal }) => chatMessages(chatId, { limit: 50 }, signal),
    enabled,
    // useChat owns the conversation once it is shown; this is read again only when the session is opened again.
    staleTime: 0,
    gcTime: 0,
  })
}

/** After a turn, a rename or a delete: the list's order, titles and unread marks change. */
export function useRefreshSessions() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.sessions })
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
  }
}

export function useRenameChat() {
  const refresh = useRefreshSessions()
  return useMutation({
    mutationFn: ({ chatId, title }: { chatId: string; title: string }) => renameChatSession(chatId, title),
    onSuccess: refresh,
  })
}

export function useDeleteChat() {
  const refresh = useRefreshSessions()
  return useMutation({ mutationFn: (chatId: string) => deleteChatSession(chatId), onSuccess: refresh })
}

export function useMarkChatSeen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (chatId: string) => markChatSeen(chatId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread }),
  })
}
