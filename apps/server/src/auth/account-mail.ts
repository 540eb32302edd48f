// Account mail (address verification, password reset, a sign-up with an address that already has an account, a new
// address to confirm, a sign-in code) in the reader's language, sent through mail.ts. Tokens travel in the link's
// path: the log scrubs `token=` values, and a self-hoster without SMTP must still be able to copy the link (or the
// code) out of the log.
import type { Mailer } from "../mail.ts"

export type MailLanguage = "en" | "zh-CN" | "zh-TW" | "ja"
type Kind = "verify" | "reset" | "existing" | "change" | "otp"

const templates: Record<MailLanguage, Record<Kind, { subject: string; body: (value: string) => string }>> = {
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
    change: {
      subject: "Confirm your new e-mail address for Tidings",
      body: (link) =>
        `Open this link to make this address the one your Tidings account uses:\n\n${link}\n\nUntil then the old address stays in use. If you did not ask for this, ignore this mail.`,
    },
    otp: {
      subject: "Your Tidings sign-in code",
      body: (code) =>
        `Your sign-in code is:\n\n${code}\n\nIt works once, for three minutes. If you are not signing in, someone knows your password: change it.`,
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
    change: {
      subject: "确认你在 Tidings 的新电子邮件地址",
      body: (link) =>
        `打开以下链接，让你的 Tidings 账户改用此地址：\n\n${link}\n\n在此之前仍使用旧地址。如果这不是你本人的请求，请忽略此邮件。`,
    },
    otp: {
      subject: "你的 Tidings 登录验证码",
      body: (code) =>
        `你的登录验证码是：\n\n${code}\n\n仅可使用一次，三分钟内有效。如果你没有在登录，说明有人知道你的密码，请修改密码。`,
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
    change: {
      subject: "確認你在 Tidings 的新電子郵件地址",
      body: (link) =>
        `開啟以下連結，讓你的 Tidings 帳號改用此地址：\n\n${link}\n\n在此之前仍使用舊地址。如果這不是你本人的要求，請忽略此郵件。`,
    },
    otp: {
      subject: "你的 Tidings 登入驗證碼",
      body: (code) =>
        `你的登入驗證碼是：\n\n${code}\n\n僅能使用一次，三分鐘內有效。如果你沒有在登入，表示有人知道你的密碼，請變更密碼。`,
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
    change: {
      subject: "Tidings の新しいメールアドレスを確認してください",
      body: (link) =>
        `次のリンクを開くと、Tidings のアカウントでこのアドレスを使うようになります：\n\n${link}\n\nそれまでは以前のアドレスのままです。心当たりがない場合は、このメールを無視してください。`,
    },
    otp: {
      subject: "Tidings のログインコード",
      body: (code) =>
        `ログインコードは次のとおりです：\n\n${code}\n\n1 回のみ、3 分間有効です。ログインしていない場合は、パスワードが知られています。パスワードを変更してください。`,
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

/** `value` is the link to open, or the code itself for "otp". */
export type AccountMailArgs = [kind: Kind, to: string, value: string, request?: Request]

export function sendAccountMail(mailer: Mailer, ...[kind, to, value, request]: AccountMailArgs) {
  const template = templates[mailLanguage(request)][kind]
  return mailer.send({ to, subject: template.subject, text: template.body(value) })
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

/**
 * Whether better-auth's verification URL confirms a new address (change-email) rather than the account's own: its
 * token is a JWT whose payload names the request type. Only read to pick the mail's wording; better-auth checks it.
 */
export function isChangeEmailLink(url: string): boolean {
  const token = new URL(url).searchParams.get("token") ?? ""
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"))
    return payload?.requestType === "change-email-verification"
  } catch {
    return false
  }
}
