// Inboxes (/inboxes), their entries (/entries/inbox) and the public configuration that names the mail domain.
import type { EntryDetail, InboxTarget, Ok } from "@tidings/shared"
import { request } from "./request.ts"

export async function listInboxes(): Promise<InboxTarget[]> {
  const answer = await request<Ok<InboxTarget[]>>("/inboxes/list")
  return answer.data ?? []
}

/** The form shows what is wrong with the handle itself (10001, validation), so no toast on top. */
export function createInbox(handle: string, title: string | null): Promise<unknown> {
  return request("/inboxes", { method: "POST", body: { handle, title }, quiet: true })
}

export function renameInbox(handle: string, title: string | null): Promise<unknown> {
  return request("/inboxes", { method: "PUT", body: { handle, title } })
}

export function deleteInbox(handle: string): Promise<unknown> {
  return request("/inboxes", { method: "DELETE", body: { handle } })
}

/** One inbox entry with its content; inbox entries live apart from feed entries, so GET /entries cannot find them. */
export async function getInboxEntry(id: string, signal?: AbortSignal): Promise<EntryDetail | null> {
  const answer = await request<Ok<EntryDetail | null>>("/entries/inbox", { query: { id }, signal })
  return answer.data ?? null
}

export function deleteInboxEntry(entryId: string): Promise<unknown> {
  return request("/entries/inbox", { method: "DELETE", body: { entryId } })
}

/** The mail domain of inbox addresses (<handle>@domain), from GET /status/configs. */
export async function getInboxEmailDomain(): Promise<string | null> {
  const answer = await request<Ok<{ INBOX_EMAIL_DOMAIN?: string }>>("/status/configs")
  return answer.data?.INBOX_EMAIL_DOMAIN || null
}
