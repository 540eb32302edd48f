// POWER amounts and the time to the next daily claim, in the reader's language.
export function formatPower(amount: string | number, language: string): string {
  return new Intl.NumberFormat(language).format(Number(amount))
}

/** h:mm:ss until `to`, never below zero. */
export function formatCountdown(to: number, now: number): string {
  const total = Math.max(0, Math.ceil((to - now) / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`
}

/** Whole POWER typed by the user: a positive integer, or null. */
export function parseAmount(text: string): string | null {
  const trimmed = text.trim()
  return /^[1-9]\d{0,12}$/.test(trimmed) ? trimmed : null
}

/** A transaction's time: medium date and short time, in the reader's language. */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
}
