import { describe, expect, it } from "vitest"
import { ApiError, catalogueCode, errorAction, errorFromResponse, shouldRetryQuery } from "./api-error.ts"

const req = { method: "POST", path: "/subscriptions" }

function httpError(status: number, code?: number | string) {
  return errorFromResponse(status, "Status", { code, message: "server says" }, req)
}

describe("errorFromResponse", () => {
  it("classifies 401 as an auth error and 400 with data as validation", () => {
    expect(httpError(401, 1000).kind).toBe("auth")
    const validation = errorFromResponse(400, "Bad Request", { code: 4, message: "", data: [{ path: ["url"] }] }, req)
    expect(validation.kind).toBe("validation")
    expect(validation.message).toBe("Validation error")
    expect(httpError(400, 2003).kind).toBe("http")
  })

  it("falls back to the status text for a body that is not JSON", () => {
    const error = errorFromResponse(502, "Bad Gateway", "<html>", req)
    expect(error.message).toBe("Bad Gateway")
    expect(error.code).toBeUndefined()
  })

  it("keeps the reason and better-auth's string codes", () => {
    const error = errorFromResponse(400, "", { code: 2003, message: "Feed fetch error", reason: "ECONNREFUSED" }, req)
    expect(error.reason).toBe("ECONNREFUSED")
    expect(httpError(401, "INVALID_EMAIL_OR_PASSWORD").code).toBe("INVALID_EMAIL_OR_PASSWORD")
  })
})

describe("errorAction", () => {
  it("follows the spec's error catalogue behaviour", () => {
    expect(errorAction(httpError(401, 1000))).toBe("logout")
    expect(errorAction(httpError(400, 1003))).toBe("invitation")
    expect(errorAction(httpError(400, 1100))).toBe("activation")
    expect(errorAction(httpError(403, 1103))).toBe("activation")
    expect(errorAction(httpError(400, 4007))).toBe("silent")
    expect(errorAction(httpError(400, 4008))).toBe("silent")
    expect(errorAction(httpError(400, 2003))).toBe("toast")
    expect(errorAction(httpError(404, 3000))).toBe("toast")
    expect(errorAction(new ApiError({ kind: "network", status: 0, message: "x", ...req }))).toBe("offline")
    expect(errorAction(new ApiError({ kind: "aborted", status: 0, message: "x", ...req }))).toBe("silent")
  })
})

describe("shouldRetryQuery", () => {
  it("never retries client errors or unknown statuses", () => {
    for (const status of [400, 401, 403, 404, 422]) expect(shouldRetryQuery(0, httpError(status))).toBe(false)
    expect(shouldRetryQuery(0, new Error("boom"))).toBe(false)
    expect(shouldRetryQuery(0, new ApiError({ kind: "network", status: 0, message: "", ...req }))).toBe(false)
  })

  it("retries other statuses up to 3 times", () => {
    expect(shouldRetryQuery(0, httpError(500))).toBe(true)
    expect(shouldRetryQuery(2, httpError(503))).toBe(true)
    expect(shouldRetryQuery(3, httpError(503))).toBe(false)
  })
})

describe("catalogueCode", () => {
  it("reads numeric codes only", () => {
    expect(catalogueCode(httpError(400, 2004))).toBe(2004)
    expect(catalogueCode(httpError(400, "2004"))).toBe(2004)
    expect(catalogueCode(httpError(401, "INVALID_EMAIL_OR_PASSWORD"))).toBeUndefined()
    expect(catalogueCode(new Error("x"))).toBeUndefined()
  })
})
