// GET /status/configs: the server's public configuration, read before sign-in. Only the keys the client uses.
import { request } from "./request.ts"

export interface StatusConfigs {
  /** Where usage events go ("" when the server collects none). */
  ANALYTICS_URL: string
  /** Where the error page's issue link points ("" offers the report to copy). */
  ISSUE_TRACKER_URL: string
  /** Whether new users are walked through the first steps. */
  NEW_USER_GUIDE: boolean
  /** The VAPID public key for web push ("" when the server offers none). */
  WEB_PUSH_PUBLIC_KEY: string
  /** Not an official key: whether the server has a model of its own (users may still bring theirs). */
  AI_ENABLED: boolean
}

export async function getStatusConfigs(): Promise<StatusConfigs> {
  const answer = await request<{ data?: Partial<StatusConfigs> }>("/status/configs", { quiet: true })
  return {
    ANALYTICS_URL: answer.data?.ANALYTICS_URL ?? "",
    ISSUE_TRACKER_URL: answer.data?.ISSUE_TRACKER_URL ?? "",
    NEW_USER_GUIDE: answer.data?.NEW_USER_GUIDE ?? false,
    WEB_PUSH_PUBLIC_KEY: answer.data?.WEB_PUSH_PUBLIC_KEY ?? "",
    AI_ENABLED: answer.data?.AI_ENABLED ?? false,
  }
}
