// With the database gone, every signed-in request fails inside a query that carries the session token: the log must
// say that the database failed and never what the query carried (token, cookie, password, parameters).
import { drizzle } from "drizzle-orm/node-postgres"
import pg from "pg"
import { afterAll, beforeAll, expect, it, vi } from "vitest"
import { createLogger, routeConsole } from "../src/log.ts"
import type { Database, DB } from "../src/storage/db.ts"
import * as schema from "../src/storage/schema.ts"
import { bootServer } from "./support/boot.ts"
import { openTestDatabase, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

const lines: string[] = []
let server: TestServer
let database: Database
let user: TestUser
const printed: string[] = []
const originalWrites = { out: process.stdout.write, err: process.stderr.write }

beforeAll(async () => {
  database = await openTestDatabase(true)
  // The test closes the database itself; the server's own close must not close it twice.
  const kept = { ...database, close: async () => {} }
  server = await bootServer(kept, { LOG_LEVEL: "debug" }, { logSink: (line) => lines.push(line) })
  user = await signUp(server.url, "Logged")
  // Anything written to the process streams directly (a library's console call) counts as a log line too.
  const capture = (original: typeof process.stdout.write) =>
    function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
      printed.push(String(chunk))
      return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest)
    } as typeof process.stdout.write
  process.stdout.write = capture(originalWrites.out)
  process.stderr.write = capture(originalWrites.err)
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.stack} ${JSON.stringify(a)}` : String(a))).join(" "))
    })
  }
})

afterAll(async () => {
  process.stdout.write = originalWrites.out
  process.stderr.write = originalWrites.err
  vi.restoreAllMocks()
  await server?.close()
})

it("logs database failures without tokens, cookies, passwords or query parameters", async () => {
  await database.close()
  const rawToken = decodeURIComponent(user.token).split(".")[0]!
  const cookieValue = user.cookie.split("=")[1]!
  const requests = [
    fetch(`${server.url}/reads`, { headers: { authorization: `Bearer ${user.token}` } }),
    fetch(`${server.url}/subscriptions`, { headers: { cookie: user.cookie } }),
    fetch(`${server.url}/better-auth/get-session`, { headers: { cookie: user.cookie } }),
    fetch(`${server.url}/better-auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: user.email, password: user.password }),
    }),
    fetch(`${server.url}/better-auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: `other-${user.email}`, password: user.password, name: "Other" }),
    }),
  ]
  const statuses = (await Promise.all(requests)).map((r) => r.status)
  expect(statuses.every((s) => s >= 400)).toBe(true)
  const log = [...lines, ...printed].join("\n")
  // The failures were logged: the test would prove nothing if nothing were written.
  expect(lines.length).toBeGreaterThan(0)
  for (const secret of [rawToken, user.token, decodeURIComponent(user.token), cookieValue, user.password, user.email]) {
    expect(log).not.toContain(secret)
  }
  expect(log).not.toMatch(/params/i)
})

it("logs an unreachable PostgreSQL without the credentials and tokens of the failing requests", async () => {
  // Nothing listens on port 1: every query fails to connect, as with a database that is down.
  const pool = new pg.Pool({ connectionString: "postgres://tidings:db-password-x9@127.0.0.1:1/tidings" })
  pool.on("error", () => {})
  const down: Database = { db: drizzle(pool, { schema }) as unknown as DB, kind: "postgres", close: () => pool.end() }
  const own: string[] = []
  const dead = await bootServer(down, { LOG_LEVEL: "debug" }, { logSink: (line) => own.push(line) })
  try {
    const statuses = await Promise.all([
      fetch(`${dead.url}/reads`, { headers: { authorization: `Bearer ${user.token}` } }).then((r) => r.status),
      fetch(`${dead.url}/better-auth/get-session`, { headers: { cookie: user.cookie } }).then((r) => r.status),
      fetch(`${dead.url}/better-auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: dead.url },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }).then((r) => r.status),
    ])
    expect(statuses.every((s) => s >= 500)).toBe(true)
  } finally {
    await dead.close()
  }
  const log = [...own, ...printed].join("\n")
  expect(own.length).toBeGreaterThan(0)
  expect(log).toMatch(/ECONNREFUSED/)
  for (const secret of [decodeURIComponent(user.token).split(".")[0]!, user.password, user.email, "db-password-x9"]) {
    expect(log).not.toContain(secret)
  }
  expect(log).not.toMatch(/params/i)
})

it("scrubs console output of libraries and secret-looking text in any field", () => {
  const own: string[] = []
  const log = createLogger("debug", (line) => own.push(line))
  const saved = { ...console }
  routeConsole(log)
  try {
    const failed = Object.assign(new Error('Failed query: select * from "session" where token = $1\nparams: tok-123'), {
      query: 'select * from "session" where token = $1',
      params: ["tok-123"],
    })
    console.error("# SERVER_ERROR: ", failed)
    console.log({ headers: { authorization: "Bearer abc.def", cookie: "better-auth.session_token=zzz.yyy" } })
  } finally {
    Object.assign(console, saved)
  }
  log.warn("mail not sent", { note: 'body {"password":"hunter22"} and better-auth.session_token=qqq.www; Path=/' })
  // What sync apps send: a Google Reader token, ClientLogin's password, a Fever key.
  log.warn("sync call", { note: "GoogleLogin auth=123/greadermac Email=a@b.c&Passwd=app-pass-1 api_key=feverkey9" })
  const text = own.join("\n")
  expect(own).toHaveLength(4)
  for (const secret of [
    "tok-123",
    "abc.def",
    "zzz.yyy",
    "hunter22",
    "qqq.www",
    "token = $1",
    "greadermac",
    "app-pass-1",
    "feverkey9",
  ]) {
    expect(text).not.toContain(secret)
  }
  expect(text).toContain("SERVER_ERROR")
  expect(text).toContain("Failed query")
})
