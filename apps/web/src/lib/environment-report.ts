// The environment report of the error page (spec client §2): app version, OS, user agent, environment (web or
// electron), browser, session trace id, mode and the error's trace id — as fields for an issue link, and as text.

export interface EnvironmentReport {
  appVersion: string
  os: string
  userAgent: string
  environment: "web" | "electron"
  browser: string
  sessionTraceId: string
  mode: string
  errorTraceId: string
}

const OS_PATTERNS: [RegExp, string][] = [
  [/Windows NT/, "Windows"],
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
]

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSER_PATTERNS: [RegExp, string][] = [
  [/Electron\/([\d.]+)/, "Electron"],
  [/Edg\/([\d.]+)/, "Edge"],
  [/OPR\/([\d.]+)/, "Opera"],
  [/Firefox\/([\d.]+)/, "Firefox"],
  [/(?:Headless)?Chrom(?:e|ium)\/([\d.]+)/, "Chrome"],
  [/Version\/([\d.]+).*Safari/, "Safari"],
]

export function osOf(userAgent: string): string {
  return OS_PATTERNS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "unknown"
}

export function browserOf(userAgent: string): string {
  for (const [pattern, name] of BROWSER_PATTERNS) {
    const version = pattern.exec(userAgent)?.[1]
    if (version) return `${name} ${version}`
  }
  return "unknown"
}

export function buildEnvironmentReport(input: {
  appVersion: string
  userAgent: string
  mode: string
  sessionTraceId: string
  errorTraceId: string
}): EnvironmentReport {
  return {
    appVersion: input.appVersion,
    os: osOf(input.userAgent),
    userAgent: input.userAgent,
    environment: /Electron\//.test(input.userAgent) ? "electron" : "web",
    browser: browserOf(input.userAgent),
    sessionTraceId: input.sessionTraceId,
    mode: input.mode,
    errorTraceId: input.errorTraceId,
  }
}

const LABELS: Record<keyof EnvironmentReport, string> = {
  appVersion: "App version",
  os: "OS",
  userAgent: "User agent",
  environment: "Environment",
  browser: "Browser",
  sessionTraceId: "Session trace id",
  mode: "Mode",
  errorTraceId: "Error trace id",
}

/** Kept in English on purpose: it is pasted into issues for the maintainers, whatever the UI language. */
export function reportText(report: EnvironmentReport, error: string): string {
  const lines = (Object.keys(LABELS) as (keyof EnvironmentReport)[]).map((key) => `${LABELS[key]}: ${report[key]}`)
  return [...lines, `Error: ${error}`].join("\n")
}

/**
 * The tracker's "new issue" URL with the report: each field as its own query parameter (a tracker's template can
 * pick them up) and the whole text as `body`, which GitHub's new-issue page fills in. Existing parameters stay.
 */
export function issueUrl(trackerUrl: string, report: EnvironmentReport, error: string, title: string): string {
  const url = new URL(trackerUrl)
  url.searchParams.set("title", title)
  url.searchParams.set("body", `${reportText(report, error)}\n`)
  for (const [key, value] of Object.entries(report)) url.searchParams.set(key, value)
  return url.toString()
}
