// App passwords as server state: the list refreshes after a password is created or revoked.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { createAppPassword, listAppPasswords, revokeAppPassword } from "../api/app-passwords.ts"
import { queryKeys } from "./keys.ts"

export const useAppPasswords = () => useQuery({ queryKey: queryKeys.appPasswords, queryFn: listAppPasswords })

export function useCreateAppPassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createAppPassword,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  })
}

export function useRevokeAppPassword() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: revokeAppPassword,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.appPasswords }),
  })
}
