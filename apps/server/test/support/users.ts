// Test users: a fresh random account per call, so no test depends on another.

import { randomUUID } from "node:crypto"
import { FollowAPIError, FollowClient } from "@follow-app/client-sdk"

export interface TestUser {
  email: string
  password: string
  /** The signed session token (set-auth-token), the only form the bearer plugin accepts. */
  token: string
  cookie: string
  id: string
}

export async function signUp(
  baseUrl: string,
  name = "Reader",
  fixedEmail?: string,
  headers: Record<string, string> = {},
): Promise<TestUser> {
  const email = fixedEmail ?? `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`
  const password = "correct horse battery"
  const res = await fetch(`${baseUrl}/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, ...headers },
    body: JSON.stringify({ email, password, name }),
  })
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { user: { id: string } }
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!
  return { email, password, token: signedToken(res), cookie, id: body.user.id }
}

/** The bearer token a sign-up or sign-in answer carries in its set-auth-token header. */
export function signedToken(res: Response): string {
  const token = res.headers.get("set-auth-token")
  if (!token) throw new Error(`no set-auth-token header (status ${res.status})`)
  return token
}

/** fetch with the user's bearer token and JSON in and out. */
export function apiAs(baseUrl: string, user: Pick<TestUser, "token"> | undefined) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    })
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary answer shapes
    return { status: res.status, body: json as any }
  }
}

/** The official client SDK acting as this user (bearer token). */
export function sdkAs(baseUrl: string, user: Pick<TestUser, "token">, timeout = 60_000) {
  return new FollowClient({ baseURL: baseUrl, authToken: user.token, timeout }).api
}

/** The FollowAPIError a call fails with; fails the test when it succeeds or fails otherwise. */
export async function sdkFailure(call: Promise<unknown>): Promise<FollowAPIError> {
  try {
    await call
  } catch (error) {
    if (error instanceof FollowAPIError) return error
    throw error
  }
  throw new Error("the call succeeded")
}
