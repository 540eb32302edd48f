// Every numeric parameter is range-checked: negative, zero where a size must be positive, huge and non-numeric
// values answer 400 with the catalogue's validation error (4) before any work; values in range are accepted.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let api: ReturnType<typeof apiAs>

beforeAll(async () => {
  server = await startTestServer()
  api = apiAs(server.url, await signUp(server.url))
})
afterAll(() => server?.close())

interface Param {
  call: string
  /** Sends the value; `where` is "query" or "body". */
  send(value: string | number): Promise<{ status: number; body: { code: number } }>
  min: number
  max: number
}

const query =
  (path: string, name: string, rest = "") =>
  (value: string | number) =>
    api("GET", `${path}?${rest}${name}=${encodeURIComponent(String(value))}`)
const body =
  (method: string, path: string, name: string, rest: object = {}) =>
  (value: string | number) =>
    api(method, path, { ...rest, [name]: value })

const params: Param[] = [
  { call: "GET /feeds entriesLimit", send: query("/feeds", "entriesLimit", "id=1&"), min: 1, max: 100 },
  { call: "GET /lists/discover limit", send: query("/lists/discover", "limit"), min: 1, max: 100 },
  { call: "GET /entries limit", send: query("/entries", "limit"), min: 1, max: 100 },
  { call: "GET /entries view", send: query("/entries", "view"), min: 0, max: 5 },
  { call: "GET /subscriptions view", send: query("/subscriptions", "view"), min: 0, max: 5 },
  { call: "GET /categories view", send: query("/categories", "view"), min: 0, max: 5 },
  { call: "GET /reads view", send: query("/reads", "view"), min: 0, max: 5 },
  {
    call: "GET /entries/:id/read-histories page",
    send: query("/entries/1/read-histories", "page"),
    min: 1,
    max: 10_000,
  },
  { call: "GET /entries/:id/read-histories size", send: query("/entries/1/read-histories", "size"), min: 1, max: 100 },
  { call: "POST /entries limit", send: body("POST", "/entries", "limit"), min: 1, max: 100 },
  {
    call: "POST /entries/preview limit",
    send: body("POST", "/entries/preview", "limit", { id: "1" }),
    min: 1,
    max: 100,
  },
  {
    call: "POST /entries/inbox limit",
    send: body("POST", "/entries/inbox", "limit", { inboxId: "x" }),
    min: 1,
    max: 100,
  },
  { call: "POST /lists fee", send: body("POST", "/lists", "fee", { title: "t", view: 0 }), min: 0, max: 1_000_000 },
]

const invalid = (p: Param) => [
  -5,
  p.min - 1,
  p.max + 1,
  99_999_999,
  "99999999999999999999999",
  "abc",
  "1.5",
  "1e3",
  "",
  "0x10",
  "5abc",
]

describe("numeric parameters", () => {
  it.each(params)("$call refuses values out of [$min, $max] and non-numbers", async (p) => {
    for (const value of invalid(p)) {
      const { status, body } = await p.send(value)
      expect({ value, status, code: body.code }).toEqual({ value, status: 400, code: 4 })
    }
  })

  it.each(params)("$call accepts $min and $max", async (p) => {
    for (const value of [p.min, p.max, String(p.max)]) {
      const { status, body } = await p.send(value)
      expect({ value, code: body.code, status: status === 400 }).toEqual({
        value,
        code: expect.any(Number),
        status: false,
      })
      expect(body.code).not.toBe(4)
    }
  })
})
