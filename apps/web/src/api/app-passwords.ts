// App passwords (/app-passwords): the passwords sync apps (Reeder, NetNewsWire, …) sign in with; a new one carries
// its password once.
import type { Ok } from "@tidings/shared"
import { buildUrl, request } from "./request.ts"

export interface AppPassword {
  id: string
  name: string
  createdAt: string
  lastUsedAt: string | null
}

export async function listAppPasswords(): Promise<AppPassword[]> {
  return (await request<Ok<AppPassword[]>>("/app-passwords")).data ?? []
}

/** The page shows a refusal in place, so no app-wide toast. */
export async function createAppPassword(name: string): Promise<AppPassword & { password: string }> {
  return (
    await request<Ok<AppPassword & { password: string }>>("/app-passwords", {
      method: "POST",
      body: { name },
      quiet: true,
    })
  ).data
}

export async function revokeAppPassword(id: string): Promise<void> {
  await request(`/app-passwords/${encodeURIComponent(id)}`, { method: "DELETE" })
}

/** Where sync apps reach this server's API: the page's origin, or VITE_API_URL's when the API lives elsewhere. */
export function syncServerUrl(): string {
  return new URL(buildUrl("/"), window.location.href).toString().replace(/\/$/, "")
}
