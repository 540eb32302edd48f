import { describe, expect, it } from "vitest"
import { browserOf, buildEnvironmentReport, issueUrl, osOf, reportText } from "./environment-report.ts"

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.85 Safari/537.36"
const ELECTRON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Tidings/0.7.0 Chrome/130.0.0.0 Electron/33.2.1 Safari/537.36"
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"

const input = { appVersion: "0.7.0", mode: "production", sessionTraceId: "sess-abc", errorTraceId: "err-123" }

describe("environment report", () => {
  it("names the OS and browser of common user agents", () => {
    expect([osOf(CHROME_LINUX), browserOf(CHROME_LINUX)]).toEqual(["Linux", "Chrome 131.0.6778.85"])
    expect([osOf(ELECTRON_MAC), browserOf(ELECTRON_MAC)]).toEqual(["macOS", "Electron 33.2.1"])
    expect([osOf(SAFARI_IOS), browserOf(SAFARI_IOS)]).toEqual(["iOS", "Safari 17.5"])
    expect([osOf("curl/8"), browserOf("curl/8")]).toEqual(["unknown", "unknown"])
  })

  it("tells the desktop shell from the web", () => {
    expect(buildEnvironmentReport({ ...input, userAgent: CHROME_LINUX }).environment).toBe("web")
    expect(buildEnvironmentReport({ ...input, userAgent: ELECTRON_MAC }).environment).toBe("electron")
  })

  it("carries every field of the spec in the issue link, as parameters and in the body", () => {
    const report = buildEnvironmentReport({ ...input, userAgent: CHROME_LINUX })
    const url = new URL(issueUrl("https://issues.example.test/new?labels=bug", report, "Boom", "Crash: Boom"))
    expect(url.origin + url.pathname).toBe("https://issues.example.test/new")
    expect(Object.fromEntries(url.searchParams)).toEqual({
      labels: "bug",
      title: "Crash: Boom",
      body: `${reportText(report, "Boom")}\n`,
      appVersion: "0.7.0",
      os: "Linux",
      userAgent: CHROME_LINUX,
      environment: "web",
      browser: "Chrome 131.0.6778.85",
      sessionTraceId: "sess-abc",
      mode: "production",
      errorTraceId: "err-123",
    })
    expect(url.searchParams.get("body")).toContain("Error trace id: err-123")
    expect(url.searchParams.get("body")).toContain("Session trace id: sess-abc")
  })
})
