// What a received mail says: its subject and its plain-text body, decoded from the MIME nodemailer writes
// (encoded-word subjects, quoted-printable or base64 bodies, UTF-8).
import type { ReceivedMail } from "./smtp-server.ts"

function bytesOfQuoted(text: string): Buffer {
  const bytes: number[] = []
  const joined = text.replace(/=\r?\n/g, "")
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(joined[i]!, "utf8"))
  }
  return Buffer.from(bytes)
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : bytesOfQuoted(text.replace(/_/g, " ")).toString("utf8"),
    )
}

export function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.data.indexOf("\r\n\r\n")
  const head = mail.data.slice(0, split).replace(/\r\n[ \t]+/g, " ")
  const body = mail.data.slice(split + 4)
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1] ?? ""
  const encoding = header("Content-Transfer-Encoding").toLowerCase()
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? bytesOfQuoted(body).toString("utf8")
        : body
  return { subject: decodeWords(header("Subject")), text: text.replace(/\r\n/g, "\n") }
}

/** The first link in a mail's text. */
export function linkIn(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0]
  if (!link) throw new Error(`no link in mail: ${text}`)
  return link
}
