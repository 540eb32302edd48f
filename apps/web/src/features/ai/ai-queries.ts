// The AI state the screens share: which model answers (GET /ai/chat/config), today's usage, the user's own provider.
// The API module loads with the first of them, so the timeline's first screen does not carry it.
import { useQuery } from "@tanstack/react-query"

const api = () => import("../../api/ai.ts")

export const aiKeys = {
  root: ["ai"] as const,
  config: ["ai", "config"] as const,
  usage: ["ai", "usage"] as const,
  provider: ["ai", "provider"] as const,
}

/**
 * Which model answers this user. It changes only when they or the operator configure one: kept 5 minutes. Not
 * asked for (`enabled` false) where nothing would use the answer.
 */
export function useAiConfig(enabled = true) {
  return useQuery({
    queryKey: aiKeys.config,
    queryFn: async ({ signal }) => (await api()).getAiConfig(signal),
    staleTime: 5 * 60_000,
    enabled,
  })
}

export function useAiUsage() {
  return useQuery({
    queryKey: aiKeys.usage,
    queryFn: async ({ signal }) => (await api()).getAiUsage(signal),
    staleTime: 0,
  })
}

export function useAiProvider() {
  return useQuery({ queryKey: aiKeys.provider, queryFn: async ({ signal }) => (await api()).getAiProvider(signal) })
}
