// Action rules (GET, PUT /actions): the whole list is read and replaced at once.
import type { ActionRule, Ok } from "@tidings/shared"
import { request } from "./request.ts"

interface StoredActions {
  userId: string
  rules: ActionRule[] | null
  createdAt: string
  updatedAt: string
}

export async function getActionRules(): Promise<ActionRule[]> {
  const answer = await request<Ok<StoredActions | null>>("/actions")
  return answer.data?.rules ?? []
}

/** The page shows the error beside the form, so no toast. */
export function saveActionRules(rules: ActionRule[]): Promise<unknown> {
  return request("/actions", { method: "PUT", body: { rules }, quiet: true })
}
