// Account mail end to end over loopback: required address verification (1006 until the mailed link is followed),
// a sign-up answer that does not tell registered addresses from new ones, password reset through the mail, and the
// log as the mail's destination without SMTP (its link there, never a password or a session token).
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkIn, readMail } from "./support/mail-text.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { type SmtpStub, startSmtpStub } from "./support/smtp-server.ts"
import { signUp } from "./support/users.ts"

let seq = 0
const address = (name: string) => `${name}-${Date.now().toString(36)}-${++seq}@example.test`

function post(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/better-auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify(body),
  })
}

async function answer(res: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  return { status: res.status, body: (await res.json()) as any }
}

/** The mail that arrives after the `seen` already received, to `to`. */
async function nextMail(smtp: SmtpStub, seen: number, to: string) {
  await smtp.waitFor(seen + 1)
  const mail = smtp.received.slice(seen).find((m) => m.to.includes(to))
  if (!mail) throw new Error(`no mail to ${to}`)
  return readMail(mail)
}

/** A key → type outline of an answer, to compare shapes without their values. */
const outline = (value: unknown): unknown =>
  value && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, outline(v)]))
    : value === null
      ? "null"
      : typeof value

describe("required e-mail verification", () => {
  let server: TestServer
  let smtp: SmtpStub
  beforeAll(async () => {
    smtp = await startSmtpStub()
    server = await startTestServer({ REQUIRE_EMAIL_VERIFICATION: "true", SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  it("answers a new and a registered address alike, and mails the link that lets the new one sign in", async () => {
    const email = address("verify")
    const password = "correct horse battery"
    let seen = smtp.received.length
    const fresh = await answer(await post(server, "/sign-up/email", { email, password, name: "New" }))
    expect(fresh.status).toBe(200)
    expect(fresh.body.token).toBeNull()
    const mail = await nextMail(smtp, seen, email)
    expect(mail.subject).toBe("Confirm your e-mail address for Tidings")

    seen = smtp.received.length
    const again = await post(server, "/sign-up/email", { email, password: "another password", name: "Other" })
    expect(again.headers.get("set-cookie")).toBeNull()
    const repeated = await answer(again)
    expect(repeated.status).toBe(fresh.status)
    expect(outline(repeated.body)).toEqual(outline(fresh.body))
    expect((await nextMail(smtp, seen, email)).subject).toContain("tried to sign up")

    const early = await answer(await post(server, "/sign-in/email", { email, password }))
    expect(early).toMatchObject({ status: 400, body: { code: 1006 } })
    // A wrong password is the ordinary refusal, so 1006 tells nothing to someone without the password.
    expect((await post(server, "/sign-in/email", { email, password: "wrong password" })).status).toBe(401)

    const link = linkIn(mail.text)
    expect(link).toMatch(/\/better-auth\/verify-email\/[^/?]+$/)
    const followed = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" })
    expect(followed.status).toBe(302)
    expect(followed.headers.get("location")).toBe("/")
    expect(followed.headers.get("set-cookie")).toContain("session_token")
    expect((await post(server, "/sign-in/email", { email, password })).status).toBe(200)
  })

  it("send-verification-email mails a fresh link in the reader's language; a forged token verifies nothing", async () => {
    const email = address("resend")
    const before = smtp.received.length
    await post(server, "/sign-up/email", { email, password: "correct horse battery", name: "Later" })
    await nextMail(smtp, before, email)
    const seen = smtp.received.length
    const sent = await post(server, "/send-verification-email", { email }, { "accept-language": "zh-TW,zh;q=0.8" })
    expect(sent.status).toBe(200)
    const mail = await nextMail(smtp, seen, email)
    expect(mail.subject).toBe("確認你在 Tidings 的電子郵件地址")
    const forged = await fetch(`${server.url}/better-auth/verify-email/not-a-token`, { redirect: "manual" })
    expect(forged.headers.get("set-cookie") ?? "").not.toContain("session_token")
    expect(forged.headers.get("location")).toContain("error=")
  })
})

describe("without SMTP_URL", () => {
  const lines: string[] = []
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(
      { REQUIRE_EMAIL_VERIFICATION: "true", LOG_LEVEL: "info" },
      { logSink: (line) => lines.push(line) },
    )
  })
  afterAll(async () => {
    await server?.close()
  })

  it("writes the mail with its link to the log, and never the password or the session token", async () => {
    const email = address("logged")
    const password = "a very secret passphrase"
    expect((await post(server, "/sign-up/email", { email, password, name: "Logged" })).status).toBe(200)
    const mailLine = () =>
      lines.map((l) => JSON.parse(l)).find((l) => l.msg.startsWith("mail not sent") && l.to === email)
    await expect.poll(mailLine).toBeDefined()
    const logged = mailLine()
    const link = linkIn(logged.text)
    const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, server.url), { redirect: "manual" })
    expect(verified.status).toBe(302)
    const signedIn = await post(server, "/sign-in/email", { email, password })
    expect(signedIn.status).toBe(200)
    const token = signedIn.headers.get("set-auth-token")!
    const cookie = /session_token=([^;]+)/.exec(signedIn.headers.get("set-cookie") ?? "")![1]!
    const all = lines.join("\n")
    for (const secret of [password, token, token.split(".")[0]!, decodeURIComponent(cookie)]) {
      expect(all).not.toContain(secret)
    }
  })
})

describe("password reset", () => {
  let server: TestServer
  let smtp: SmtpStub
  beforeAll(async () => {
    smtp = await startSmtpStub()
    server = await startTestServer({ SMTP_URL: smtp.url })
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  async function requestReset(email: string, language: string) {
    const seen = smtp.received.length
    const res = await answer(await post(server, "/forget-password", { email }, { "accept-language": language }))
    expect(res).toMatchObject({ status: 200, body: { status: true } })
    return nextMail(smtp, seen, email)
  }

  it("resets through the mailed link once: new password in, old one out, the token spent", async () => {
    const user = await signUp(server.url, "Forgetful")
    const other = await signUp(server.url, "Bystander")
    const mail = await requestReset(user.email, "ja-JP,ja;q=0.9")
    expect(mail.subject).toBe("Tidings のパスワードの再設定")
    const link = linkIn(mail.text)
    expect(link).toMatch(new RegExp(`^${server.url}/reset-password/[^/?]+$`))
    const token = decodeURIComponent(link.split("/").pop()!)

    const newPassword = "a brand new passphrase"
    expect((await post(server, "/reset-password", { token, newPassword })).status).toBe(200)
    expect((await post(server, "/sign-in/email", { email: user.email, password: newPassword })).status).toBe(200)
    expect((await post(server, "/sign-in/email", { email: user.email, password: user.password })).status).toBe(401)
    const reused = await answer(await post(server, "/reset-password", { token, newPassword: "yet another one!" }))
    expect(reused.status).toBe(400)
    // The old sessions ended with the reset; another account's did not.
    const me = (u: { token: string }) =>
      fetch(`${server.url}/better-auth/get-session`, { headers: { authorization: `Bearer ${u.token}` } }).then((r) =>
        r.json(),
      )
    expect(await me(user)).toBeNull()
    expect(await me(other)).toMatchObject({ user: { email: other.email } })
  })

  it("writes the mail in the reader's language", async () => {
    const user = await signUp(server.url, "Polyglot")
    expect((await requestReset(user.email, "zh-CN")).subject).toBe("重置你的 Tidings 密码")
    expect((await requestReset(user.email, "zh-Hant-TW")).subject).toBe("重設你的 Tidings 密碼")
    const english = await requestReset(user.email, "fr, en;q=0.5")
    expect(english.subject).toBe("Reset your Tidings password")
    expect(english.text).toContain("works once")
  })

  it("answers an unknown address the same, and sends nothing", async () => {
    const before = smtp.received.length
    const res = await answer(await post(server, "/forget-password", { email: address("nobody") }))
    expect(res).toMatchObject({ status: 200, body: { status: true } })
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.received.length).toBe(before)
  })

  it("refuses a short new password and a made-up token with errors that change nothing", async () => {
    const user = await signUp(server.url, "Careful")
    const mail = await requestReset(user.email, "en")
    const token = decodeURIComponent(linkIn(mail.text).split("/").pop()!)
    expect((await post(server, "/reset-password", { token, newPassword: "short" })).status).toBe(400)
    expect((await post(server, "/reset-password", { token: "made-up", newPassword: "long enough pass" })).status).toBe(
      400,
    )
    expect((await post(server, "/sign-in/email", { email: user.email, password: user.password })).status).toBe(200)
  })
})
