// RFC 6238 time-based codes computed by the tests themselves (HMAC-SHA1, 30 s steps, 6 digits, as an authenticator
// app reads them from the otpauth URI), so a test can sign in with two-factor like a person with a phone.
import { createHmac } from "node:crypto"

function base32Bytes(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

/** The base32 secret of an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get("secret")
  if (!secret) throw new Error("no secret in the otpauth URI")
  return secret
}

/** The code for `secret` (base32) at `at`, `stepOffset` steps of 30 s away. */
export function totp(secret: string, at = Date.now(), stepOffset = 0): string {
  const counter = Math.floor(at / 30_000) + stepOffset
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const digest = createHmac("sha1", base32Bytes(secret)).update(message).digest()
  const offset = digest[digest.length - 1]! & 0x0f
  const number = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return String(number).padStart(6, "0")
}
