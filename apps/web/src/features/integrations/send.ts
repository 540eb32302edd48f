// Sends a save plan: from the browser (the service must answer CORS) or through the server's relay
// (POST /integrations/relay), and says whether the service took it, with its answer when it did not.
import type { RelayAnswer } from "@tidings/shared"
import { ApiError } from "../../api/api-error.ts"
import { request } from "../../api/request.ts"
import type { HttpStep, SavePlan } from "./requests.ts"

export type SaveResult = { ok: true } | { ok: false; detail: string; network?: boolean }

interface Answer {
  status: number
  body: string
  cookie?: string
}

const DETAIL_CHARS = 300

export async function sendPlan(plan: SavePlan, options: { browserFetch: boolean }): Promise<SaveResult> {
  if (plan.kind === "open") {
    window.location.assign(plan.uri)
    return { ok: true }
  }
  const browser = options.browserFetch || plan.local === true
  // A login's session cookie (qBittorrent) is kept by the browser and sent with the next step.
  const credentials = plan.steps.some((step) => step.login) ? "include" : "omit"
  let cookie: string | undefined
  for (const step of plan.steps) {
    const withCookie = cookie ? { ...step, headers: { ...step.headers, Cookie: cookie } } : step
    const sent = browser ? await viaBrowser(step, credentials) : await viaRelay(withCookie)
    if ("detail" in sent) return sent
    if (sent.status < 200 || sent.status >= 300 || (step.login && /^fails/i.test(sent.body.trim())))
      return { ok: false, detail: `HTTP ${sent.status}${sent.body ? `: ${sent.body.slice(0, DETAIL_CHARS)}` : ""}` }
    if (step.login) cookie = sent.cookie
  }
  return { ok: true }
}

async function viaBrowser(
  step: HttpStep,
  credentials: RequestCredentials,
): Promise<Answer | (SaveResult & { ok: false })> {
  try {
    const response = await fetch(step.url, {
      method: step.method,
      headers: step.headers,
      body: step.body,
      credentials,
      signal: AbortSignal.timeout(15_000),
    })
    return { status: response.status, body: await response.text() }
  } catch (error) {
    // The browser says nothing more for a refused connection or a missing CORS answer.
    return { ok: false, network: true, detail: error instanceof Error ? error.message : String(error) }
  }
}

async function viaRelay(step: HttpStep): Promise<Answer | (SaveResult & { ok: false })> {
  try {
    const answer = await request<{ data: RelayAnswer }>("/integrations/relay", {
      method: "POST",
      body: { method: step.method, url: step.url, headers: step.headers, body: step.body },
      timeout: 20_000,
      quiet: true,
    })
    const { status, body, headers } = answer.data
    return { status, body, cookie: headers["set-cookie"]?.split(";")[0] }
  } catch (error) {
    const detail = error instanceof ApiError ? error.reason || error.message : String(error)
    return { ok: false, detail }
  }
}
