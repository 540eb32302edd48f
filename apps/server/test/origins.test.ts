// Which page origins may sign up: every loopback name when BASE_URL is unset, Vite's origin under `npm run dev`,
// and otherwise a refusal that says what to set.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { devServerEnv } from "../../../scripts/dev-env.mjs"
import { startTestServer, type TestServer } from "./support/server.ts"

function signUpFrom(server: TestServer, origin: string) {
  return fetch(`${server.url}/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      email: `o-${randomUUID().slice(0, 8)}@example.test`,
      password: "long enough pw",
      name: "O",
    }),
  })
}

describe("with BASE_URL unset", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it("trusts localhost, 127.0.0.1 and [::1] on the server's port", async () => {
    const port = new URL(server.url).port
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const res = await signUpFrom(server, `http://${host}:${port}`)
      expect(res.status, host).toBe(200)
    }
  })

  it("refuses another origin with catalogue error 1004 saying what to set", async () => {
    const res = await signUpFrom(server, "http://reader.example.test")
    expect(res.status).toBe(403)
    const body = (await res.json()) as { code: number; message: string; reason: string }
    expect(body.code).toBe(1004)
    expect(body.message).toMatch(/^Invalid origin http:\/\/reader\.example\.test: set BASE_URL .* CORS_ORIGINS/)
    expect(body.reason).toContain("http://reader.example.test")
    expect(body.reason).toContain("BASE_URL")
    expect(body.reason).toContain("CORS_ORIGINS")
  })
})

it("with BASE_URL set, trusts only its origin and explains the refusal of another loopback name", async () => {
  const server = await startTestServer({ BASE_URL: "http://127.0.0.1:3000" })
  try {
    const other = server.url.replace("127.0.0.1", "localhost")
    const res = await signUpFrom(server, other)
    expect(res.status).toBe(403)
    const body = (await res.json()) as { code: number; reason: string }
    expect(body.code).toBe(1004)
    expect(body.reason).toContain(`trusted: ${server.url}`)
    expect((await signUpFrom(server, server.url)).status).toBe(200)
  } finally {
    await server.close()
  }
})

it("under npm run dev, trusts the Vite dev server's origin", async () => {
  const server = await startTestServer(devServerEnv({}) as Record<string, string>)
  try {
    expect((await signUpFrom(server, "http://localhost:5173")).status).toBe(200)
    expect((await signUpFrom(server, "http://127.0.0.1:5173")).status).toBe(200)
    expect((await signUpFrom(server, "http://localhost:5174")).status).toBe(403)
  } finally {
    await server.close()
  }
})
