// Own RSSHub instances (/rsshub, the official SDK's rsshub module): the ones I added and the admin's shared ones,
// adding one (the server probes it first), choosing the one my rsshub:// feeds come from, probing, deleting.
import type { Ok } from "@tidings/shared"
import { request } from "./request.ts"

export interface RsshubInstance {
  id: string
  ownerUserId: string
  baseUrl: string
  description: string | null
  userLimit: number | null
  userCount: number
  errorMessage: string | null
  errorAt: string | null
  lastOkAt: string | null
  hasAccessKey: boolean
  shared: boolean
  mine: boolean
  inUse: boolean
  owner: { id: string; name: string | null; handle: string | null; image: string | null } | null
}

export interface RsshubProbe {
  id: string
  ok: boolean
  latencyMs: number
  error: string | null
  checkedAt: string
}

export async function listRsshubInstances(): Promise<RsshubInstance[]> {
  return (await request<Ok<RsshubInstance[]>>("/rsshub/list")).data ?? []
}

/** The screen shows a refusal (bad URL, unreachable, limit) beside the form, so no app-wide toast. */
export async function addRsshubInstance(input: { baseUrl: string; accessKey?: string }): Promise<{ id: string }> {
  return (await request<Ok<{ id: string }>>("/rsshub", { method: "POST", body: input, quiet: true })).data
}

export async function deleteRsshubInstance(id: string): Promise<void> {
  await request("/rsshub", { method: "DELETE", body: { id }, quiet: true })
}

/** Fetch my rsshub:// feeds from this instance; null goes back to the server's own. */
export async function chooseRsshubInstance(id: string | null): Promise<void> {
  await request("/rsshub/use", { method: "POST", body: { id }, quiet: true })
}

export async function probeRsshubInstance(id: string): Promise<RsshubProbe | null> {
  const answer = await request<Ok<{ instance: RsshubProbe | null }>>(`/rsshub/status?id=${encodeURIComponent(id)}`, {
    quiet: true,
  })
  return answer.data?.instance ?? null
}
