// The one way out for log lines: a leveled logger writing one JSON line per event. Everything that logs (our code,
// better-auth, stray console calls, database errors) goes through it, and it scrubs what must never be written:
// query parameters and text, tokens, passwords, cookies, secrets and Authorization headers.
type Level = "debug" | "info" | "warn" | "error"
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/** Where finished lines go; the default writes warnings and errors to stderr, the rest to stdout. */
export type LogSink = (line: string, level: Level) => void

const processSink: LogSink = (line, level) =>
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`)

export function createLogger(level: Level | "silent" = "info", sink: LogSink = processSink): Logger {
  const threshold = order[level]
  const write = (lvl: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return
    const safe = redact(fields ?? {}) as Record<string, unknown>
    sink(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: scrubText(msg), ...safe }), lvl)
  }
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") }
}

// Keys whose values are never written, whatever they hold.
const SECRET_KEY = /pass|token|secret|cookie|authori[sz]ation|api[-_]?key|params|parameters|query|sql|signature/i

// Text patterns that carry a secret inside an otherwise useful message.
const SECRET_TEXT: [RegExp, string][] = [
  // drizzle: "Failed query: <sql>\nparams: <values>" — the query text can quote values, so both go.
  [/Failed query:[\s\S]*/i, "Failed query [query text and parameters not logged]"],
  [/\bparams\b\s*[:=][\s\S]*/i, "[parameters not logged]"],
  [/\b(bearer|basic)\s+[\w.~+/%=-]+/gi, "$1 [redacted]"],
  // Sync apps: the Google Reader token (Authorization: GoogleLogin auth=…, ClientLogin's SID= / Auth=), the password
  // ClientLogin takes (Passwd=) and Fever's api_key.
  [/\b(auth|sid|lsid|passwd|api_key)=[^\s&;,"]+/gi, "$1=[redacted]"],
  [/([\w.-]*(?:session_token|session_data|dont_remember)[\w.-]*)=[^;\s,"]+/gi, "$1=[redacted]"],
  [
    /("?(?:password|token|secret|cookie|authorization|api_?key)"?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;}]+)/gi,
    "$1[redacted]",
  ],
]

export function scrubText(text: string): string {
  let out = text
  for (const [pattern, replacement] of SECRET_TEXT) out = out.replace(pattern, replacement)
  return out.length > 2000 ? `${out.slice(0, 2000)}…` : out
}

/** A copy of `value` that is safe to log: errors described, secret keys dropped, text scrubbed. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value)
  if (value === null || typeof value !== "object") return value
  if (depth > 4) return "[nested]"
  if (value instanceof Error) return describeError(value)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => redact(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? "[redacted]" : redact(v, depth + 1)
  return out
}

/**
 * An error as the log may show it: its name, code and first message line, and its cause's, never the `query` or
 * `params` that drizzle, pg and PGlite attach.
 */
export function describeError(error: Error): string {
  const parts: string[] = []
  let current: unknown = error
  for (let i = 0; i < 3 && current instanceof Error; i++) {
    const code = (current as { code?: unknown }).code
    const line = current.message.split("\n")[0] ?? ""
    parts.push(`${current.name}${typeof code === "string" ? ` ${code}` : ""}: ${scrubText(line)}`)
    current = (current as { cause?: unknown }).cause
  }
  return parts.join(" <- ").slice(0, 1000)
}

/** better-auth's `logger.log`: its messages and arguments through our logger, so they are scrubbed too. */
export function betterAuthLog(log: Logger) {
  return (level: Level, message: string, ...args: unknown[]) =>
    log[level](`auth: ${message}`, args.length ? { details: args.map((a) => redact(a)) } : undefined)
}

/** Sends console output (libraries that log on their own) through `log`, so nothing bypasses the scrubbing. */
export function routeConsole(log: Logger): void {
  const format = (args: unknown[]) => ({
    msg: typeof args[0] === "string" ? args[0] : "console",
    fields: { details: (typeof args[0] === "string" ? args.slice(1) : args).map((a) => redact(a)) },
  })
  const to =
    (level: Level) =>
    (...args: unknown[]) => {
      const { msg, fields } = format(args)
      log[level](msg, fields.details.length ? fields : undefined)
    }
  console.log = to("info")
  console.info = to("info")
  console.debug = to("debug")
  console.warn = to("warn")
  console.error = to("error")
}
