// Synced settings (/settings): the groups as the server keeps them, and one group's changed fields.
import type { RemoteTab } from "../stores/settings-sync.ts"
import { request } from "./request.ts"

export interface RemoteSettings {
  settings: Partial<Record<RemoteTab | "integration", Record<string, unknown>>>
  updated: Partial<Record<RemoteTab | "integration", string>>
}

export async function getSettings(): Promise<RemoteSettings> {
  // A plain answer: {code, settings, updated}.
  const answer = await request<{ settings?: RemoteSettings["settings"]; updated?: RemoteSettings["updated"] }>(
    "/settings",
    { quiet: true },
  )
  return { settings: answer.settings ?? {}, updated: answer.updated ?? {} }
}

export async function patchSettings(tab: RemoteTab, payload: Record<string, unknown>): Promise<void> {
  await request(`/settings/${tab}`, { method: "PATCH", body: payload, quiet: true })
}
