// Outgoing mail. With SMTP_URL set, nodemailer sends it; without, the message is written to the server log (its
// recipient, subject and text; never the SMTP credentials), so a self-hoster without mail still sees what would
// have gone out. Kept small on purpose: account mail (verification, password reset) will build on it.
import type { Config } from "./config.ts"
import type { Logger } from "./log.ts"

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  /** "smtp" when messages leave the server, "log" when they are only logged. */
  readonly transport: "smtp" | "log"
  send(message: MailMessage): Promise<void>
  /** With no SMTP, the last RECENT_MAILS messages, newest first, for the admin screen; empty otherwise. */
  recent(): RecentMail[]
  close(): void
}

export interface RecentMail extends MailMessage {
  sentAt: string
}

/** How many unsent messages are kept in memory (per process) for admins to read. */
export const RECENT_MAILS = 50

const cache = new WeakMap<Config, Mailer>()

/** One mailer per configuration (a pooled SMTP connection is reused between messages). */
export function mailerFor(config: Config, log: Logger): Mailer {
  let mailer = cache.get(config)
  if (!mailer) {
    mailer = createMailer(config, log)
    cache.set(config, mailer)
  }
  return mailer
}

export function createMailer(config: Pick<Config, "SMTP_URL" | "MAIL_FROM">, log: Logger): Mailer {
  const smtpUrl = config.SMTP_URL
  if (!smtpUrl) {
    const kept: RecentMail[] = []
    return {
      transport: "log",
      recent: () => [...kept],
      async send(message) {
        kept.unshift({ ...message, sentAt: new Date().toISOString() })
        kept.length = Math.min(kept.length, RECENT_MAILS)
        log.info("mail not sent (SMTP_URL is not set)", {
          to: message.to,
          subject: message.subject,
          text: message.text.slice(0, 4000),
        })
      },
      close() {},
    }
  }
  // Loaded on first use: a server without mail never loads nodemailer.
  let transporter: Promise<import("nodemailer").Transporter> | undefined
  const open = () => {
    transporter ??= import("nodemailer").then((nodemailer) =>
      nodemailer.createTransport(smtpUrl, { from: config.MAIL_FROM }),
    )
    return transporter
  }
  return {
    transport: "smtp",
    recent: () => [],
    async send(message) {
      const t = await open()
      await t.sendMail({ from: config.MAIL_FROM, ...message })
    },
    close() {
      void transporter?.then((t) => t.close())
    },
  }
}
