// Invitation codes as server state: the list and allowance refresh after a new code; using one refreshes the
// session so the new role shows everywhere.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { createInvitation, getInvitationAllowance, listInvitations, redeemInvitation } from "../api/invitations.ts"
import { queryKeys } from "./keys.ts"

export const useInvitations = () => useQuery({ queryKey: queryKeys.invitations, queryFn: listInvitations })

export const useInvitationAllowance = () =>
  useQuery({ queryKey: queryKeys.invitationAllowance, queryFn: getInvitationAllowance })

export function useCreateInvitation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.invitations }),
        client.invalidateQueries({ queryKey: queryKeys.invitationAllowance }),
      ]),
  })
}

export function useRedeemInvitation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: redeemInvitation,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.session }),
  })
}
