// The toast rules of the spec (client §8, §9) as data, so they can be tested without a browser: at most 3
// visible, 4000 ms, 356 px wide, 14 px apart, bottom right, Alt+T, a 45 px swipe (sonner's own threshold);
// API errors 5000 ms with the reason as copyable detail; codes 11xx the plan-activation toast after 500 ms for
// 100000 ms; 4007 and 4008 nothing.
import { type ApiError, errorAction } from "../api/api-error.ts"

export const TOASTS = {
  visible: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  swipeThresholdPx: 45,
  position: "bottom-right",
  hotkey: ["altKey", "KeyT"],
} as const

export const ERROR_TOAST_MS = 5000
export const ACTIVATION_DELAY_MS = 500
export const ACTIVATION_DURATION_MS = 100_000
/** One activation toast at a time, however many calls fail with 11xx. */
export const ACTIVATION_TOAST_ID = "plan-activation"

export type ToastPlan =
  | { kind: "none" }
  | { kind: "activation"; delayMs: number; durationMs: number; id: string }
  | { kind: "error"; durationMs: number; detail: string | undefined }

/** The toast a failed call gets; quiet calls show their error themselves, but still get the activation toast. */
export function toastForError(error: ApiError, quiet: boolean): ToastPlan {
  const action = errorAction(error)
  if (action === "activation") {
    return {
      kind: "activation",
      delayMs: ACTIVATION_DELAY_MS,
      durationMs: ACTIVATION_DURATION_MS,
      id: ACTIVATION_TOAST_ID,
    }
  }
  if (action !== "toast" || quiet) return { kind: "none" }
  return { kind: "error", durationMs: ERROR_TOAST_MS, detail: error.reason || undefined }
}
