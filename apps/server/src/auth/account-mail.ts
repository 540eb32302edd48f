// Account mail (address verification, password reset, a sign-up with an address that already has an account) in the
// reader's language, sent through mail.ts. Tokens travel in the link's path: the log scrubs `token=` values, and a
// self-hoster without SMTP must still be able to copy the link out of the log.
import type { Mailer } from "../mail.ts"

export type MailLanguage = "en" | "zh-CN" | "zh-TW" | "ja"
type Kind = "verify" | "reset" | "existing"

const templates: Record<MailLanguage, Record<Kind, { subject: string; body: (link: string) => string }>> = {
  en: {
    verify: {
      subject: "Confirm your e-mail address for Tidings",
      body: (link) =>
        `Open this link to confirm your address and finish setting up your account:\n\n${link}\n\nIf you did not sign up for Tidings, ignore this mail.`,
    },
    reset: {
      subject: "Reset your Tidings password",
      body: (link) =>
        `Open this link to choose a new password (it works once, for one hour):\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.`,
    },
    existing: {
      subject: "Someone tried to sign up to Tidings with your address",
      body: (link) =>
        `Your address already has a Tidings account. Sign in, or reset your password if you forgot it:\n\n${link}\n\nIf this was not you, ignore this mail.`,
    },
  },
  "zh-CN": {
    verify: {
      subject: "确认你在 Tidings 的电子邮件地址",
      body: (link) => `打开以下链接以确认你的地址并完成账户设置：\n\n${link}\n\n如果你没有注册 Tidings，请忽略此邮件。`,
    },
    reset: {
      subject: "重置你的 Tidings 密码",
      body: (link) =>
        `打开以下链接设置新密码（仅可使用一次，一小时内有效）：\n\n${link}\n\n如果这不是你本人的请求，请忽略此邮件，你的密码不会改变。`,
    },
    existing: {
      subject: "有人尝试用你的地址注册 Tidings",
      body: (link) =>
        `你的地址已有 Tidings 账户。请直接登录；如果忘记了密码，可以重置：\n\n${link}\n\n如果这不是你本人的操作，请忽略此邮件。`,
    },
  },
  "zh-TW": {
    verify: {
      subject: "確認你在 Tidings 的電子郵件地址",
      body: (link) => `開啟以下連結以確認你的地址並完成帳號設定：\n\n${link}\n\n如果你沒有註冊 Tidings，請忽略此郵件。`,
    },
    reset: {
      subject: "重設你的 Tidings 密碼",
      body: (link) =>
        `開啟以下連結設定新密碼（僅能使用一次，一小時內有效）：\n\n${link}\n\n如果這不是你本人的要求，請忽略此郵件，你的密碼不會改變。`,
    },
    existing: {
      subject: "有人嘗試用你的地址註冊 Tidings",
      body: (link) =>
        `你的地址已有 Tidings 帳號。請直接登入；如果忘記了密碼，可以重設：\n\n${link}\n\n如果這不是你本人的操作，請忽略此郵件。`,
    },
  },
  ja: {
    verify: {
      subject: "Tidings のメールアドレスを確認してください",
      body: (link) =>
        `次のリンクを開いてアドレスを確認し、アカウントの設定を完了してください：\n\n${link}\n\nTidings に登録した覚えがない場合は、このメールを無視してください。`,
    },
    reset: {
      subject: "Tidings のパスワードの再設定",
      body: (link) =>
        `次のリンクを開いて新しいパスワードを設定してください（1 回のみ、1 時間有効）：\n\n${link}\n\n心当たりがない場合は、このメールを無視してください。パスワードは変わりません。`,
    },
    existing: {
      subject: "あなたのアドレスで Tidings への登録が試みられました",
      body: (link) =>
        `このアドレスには既に Tidings のアカウントがあります。ログインするか、パスワードを忘れた場合は再設定してください：\n\n${link}\n\n心当たりがない場合は、このメールを無視してください。`,
    },
  },
}

/** The reader's language from the request's Accept-Language (the web client sends the one it shows); English else. */
export function mailLanguage(request: Request | undefined): MailLanguage {
  const header = request?.headers.get("accept-language") ?? ""
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase()
    if (tag === "ja" || tag.startsWith("ja-")) return "ja"
    if (/^zh-(tw|hk|mo|hant)/.test(tag)) return "zh-TW"
    if (tag.startsWith("zh")) return "zh-CN"
    if (tag === "en" || tag.startsWith("en-")) return "en"
  }
  return "en"
}

export type AccountMailArgs = [kind: Kind, to: string, link: string, request?: Request]

export function sendAccountMail(mailer: Mailer, ...[kind, to, link, request]: AccountMailArgs) {
  const template = templates[mailLanguage(request)][kind]
  return mailer.send({ to, subject: template.subject, text: template.body(link) })
}

/** better-auth's `…/verify-email?token=T&callbackURL=C` as `…/verify-email/T?callbackURL=C` (auth/handler.ts undoes it). */
export function verificationLink(url: string): string {
  const parsed = new URL(url)
  const token = parsed.searchParams.get("token") ?? ""
  const callback = parsed.searchParams.get("callbackURL")
  const query = callback && callback !== "/" ? `?callbackURL=${encodeURIComponent(callback)}` : ""
  return `${parsed.origin}${parsed.pathname}/${encodeURIComponent(token)}${query}`
}

/** The web client's reset page for a reset token, on the server's own origin. */
export function resetLink(baseUrl: string, token: string): string {
  return `${new URL(baseUrl).origin}/reset-password/${encodeURIComponent(token)}`
}
