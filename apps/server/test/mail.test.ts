// The mail module: through SMTP when SMTP_URL is set (a loopback stand-in here), into the log without it; the
// SMTP credentials never reach the log.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createLogger } from "../src/log.ts"
import { createMailer } from "../src/mail.ts"
import { type SmtpStub, startSmtpStub } from "./support/smtp-server.ts"

let smtp: SmtpStub
beforeAll(async () => {
  smtp = await startSmtpStub()
})
afterAll(async () => {
  await smtp?.close()
})

describe("mail", () => {
  it("sends through SMTP_URL", async () => {
    const lines: string[] = []
    const mailer = createMailer(
      { SMTP_URL: smtp.url, MAIL_FROM: "Tidings <no-reply@tidings.test>" },
      createLogger("info", (line) => lines.push(line)),
    )
    expect(mailer.transport).toBe("smtp")
    await mailer.send({ to: "reader@example.test", subject: "Hello", text: "The body." })
    mailer.close()
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]).toMatchObject({ from: "no-reply@tidings.test", to: ["reader@example.test"] })
    expect(smtp.received[0]!.data).toContain("Subject: Hello")
    expect(lines).toEqual([])
  })

  it("without SMTP_URL writes the message to the log, and nothing else", async () => {
    const lines: string[] = []
    const mailer = createMailer(
      { MAIL_FROM: "x <x@y.test>" },
      createLogger("info", (line) => lines.push(line)),
    )
    expect(mailer.transport).toBe("log")
    await mailer.send({ to: "reader@example.test", subject: "Weekly brief", text: "Bridges and floods." })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "info",
      msg: "mail not sent (SMTP_URL is not set)",
      to: "reader@example.test",
      subject: "Weekly brief",
      text: "Bridges and floods.",
    })
  })

  it("a failing SMTP server is an error for the caller, without the credentials in it", async () => {
    const mailer = createMailer(
      { SMTP_URL: "smtp://user:s3cret-pass@127.0.0.1:1", MAIL_FROM: "x <x@y.test>" },
      createLogger("silent"),
    )
    const error = await mailer.send({ to: "a@b.test", subject: "s", text: "t" }).then(
      () => undefined,
      (e: unknown) => e as Error,
    )
    expect(error).toBeInstanceOf(Error)
    expect(String(error?.message)).not.toContain("s3cret-pass")
    mailer.close()
  })
})
