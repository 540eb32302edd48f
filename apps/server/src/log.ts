// A small leveled logger writing one JSON line per event; callers never pass secrets or bodies.
type Level = "debug" | "info" | "warn" | "error"
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

export function createLogger(level: Level | "silent" = "info"): Logger {
  const threshold = order[level]
  const write = (lvl: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })
    ;(lvl === "error" || lvl === "warn" ? process.stderr : process.stdout).write(`${line}\n`)
  }
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") }
}
