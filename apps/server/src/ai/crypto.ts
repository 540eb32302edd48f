// Secrets at rest (a user's AI API key): AES-256-GCM under a key derived from the server's auth secret, bound to the
// user it belongs to, so a ciphertext copied onto another user's row does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto"

const VERSION = "v1"

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "tidings", "ai provider api key", 32))
}

export function encryptSecret(secret: string, plain: string, owner: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv)
  cipher.setAAD(Buffer.from(owner))
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()])
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`
}

/** The plain text, or undefined when it does not decrypt (another secret, another owner, a damaged value). */
export function decryptSecret(secret: string, stored: string, owner: string): string | undefined {
  const [version, data] = stored.split(":")
  if (version !== VERSION || !data) return undefined
  const bytes = Buffer.from(data, "base64url")
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, 12))
    decipher.setAAD(Buffer.from(owner))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")
  } catch {
    return undefined
  }
}
