// Media time strings (spec §5): "h:mm:ss" from an hour up, "mm:ss" from ten minutes, "m:ss" below; parsed back.

/** Seconds as the player shows them; negative, NaN and infinite values read as 0. */
export function formatMediaTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, "0")
  if (h > 0) return `${h}:${String(m).padStart(2, "0")}:${ss}`
  return `${m >= 10 ? String(m).padStart(2, "0") : m}:${ss}`
}

/** "h:mm:ss", "mm:ss", "m:ss" or plain seconds into seconds; null when the text is none of those. */
export function parseMediaTime(text: string | number | null | undefined): number | null {
  if (typeof text === "number") return Number.isFinite(text) && text >= 0 ? text : null
  const value = text?.trim()
  if (!value) return null
  if (/^\d+(?:\.\d+)?$/.test(value)) return Number(value)
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(value)
  if (!match) return null
  const minutes = Number(match[2])
  const seconds = Number(match[3])
  if (seconds > 59 || (match[1] !== undefined && minutes > 59)) return null
  return Number(match[1] ?? 0) * 3600 + minutes * 60 + seconds
}

/** A seek target never below 0 nor past the duration (an unknown duration, 0, caps nothing). */
export function clampSeek(target: number, duration: number): number {
  const floor = Number.isFinite(target) ? Math.max(0, target) : 0
  return duration > 0 && Number.isFinite(duration) ? Math.min(floor, duration) : floor
}
