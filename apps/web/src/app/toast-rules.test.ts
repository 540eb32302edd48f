import { describe, expect, it } from "vitest"
import { errorFromResponse } from "../api/api-error.ts"
import { ACTIVATION_TOAST_ID, TOASTS, toastForError } from "./toast-rules.ts"

const req = { method: "POST", path: "/subscriptions" }
const failure = (status: number, code: number, reason?: string) =>
  errorFromResponse(status, "", { code, message: "server says", reason }, req)

describe("toastForError", () => {
  it("shows a 5 s error toast with the reason as its detail", () => {
    expect(toastForError(failure(400, 2004, "not XML"), false)).toEqual({
      kind: "error",
      durationMs: 5000,
      detail: "not XML",
    })
    expect(toastForError(failure(404, 3000), false)).toEqual({ kind: "error", durationMs: 5000, detail: undefined })
  })

  it("shows the plan-activation toast for every code starting with 11, after 500 ms for 100 s, even when quiet", () => {
    for (const code of [1100, 1101, 1102, 1103]) {
      for (const quiet of [false, true]) {
        expect(toastForError(failure(403, code), quiet)).toEqual({
          kind: "activation",
          delayMs: 500,
          durationMs: 100_000,
          id: ACTIVATION_TOAST_ID,
        })
      }
    }
    expect(toastForError(failure(400, 1004), false).kind).toBe("error")
  })

  it("shows nothing for 4007 and 4008, for quiet calls, 401 and the invitation redirect", () => {
    expect(toastForError(failure(400, 4007), false)).toEqual({ kind: "none" })
    expect(toastForError(failure(400, 4008), false)).toEqual({ kind: "none" })
    expect(toastForError(failure(400, 2004), true)).toEqual({ kind: "none" })
    expect(toastForError(failure(401, 1000), false)).toEqual({ kind: "none" })
    expect(toastForError(failure(400, 1003), false)).toEqual({ kind: "none" })
  })
})

describe("TOASTS", () => {
  it("holds the spec's constants", () => {
    expect(TOASTS).toEqual({
      visible: 3,
      durationMs: 4000,
      widthPx: 356,
      gapPx: 14,
      swipeThresholdPx: 45,
      position: "bottom-right",
      hotkey: ["altKey", "KeyT"],
    })
  })
})
