// Helpers of the profiles-guide browser test: sign-up through the form, calls made from inside the page, and a
// loopback stand-in for the analytics endpoint that records what the browser posts.
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { Page } from "playwright-core"

export const PASSWORD = "correct-horse-battery"

export interface Posted {
  client_id: string
  user_id?: string
  events: { name: string; params: Record<string, unknown> }[]
}

export async function startAnalyticsStandIn() {
  const posted: Posted[] = []
  const server = createServer((req, res) => {
    let body = ""
    req.on("data", (chunk) => {
      body += chunk
    })
    req.on("end", () => {
      if (req.method === "POST") posted.push(JSON.parse(body))
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function signUpThroughForm(page: Page, origin: string, name: string, email: string) {
  await page.goto(`${origin}/login`)
  await page.getByTestId("login-switch-mode").click()
  await page.getByTestId("login-name").fill(name)
  await page.getByTestId("login-email").fill(email)
  await page.getByTestId("login-password").fill(PASSWORD)
  await page.getByTestId("login-submit").click()
  await page.waitForURL(/\/timeline\//)
}

/** A call from inside the page, so the session cookie goes along; throws on an error answer. */
export async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([method, url, body]) => {
      const res = await fetch(url, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const answer = await res.json()
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(answer)}`)
      return answer
    },
    [method, url, body] as const,
  ) as Promise<T>
}
