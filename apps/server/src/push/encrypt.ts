// Web Push message encryption (RFC 8291) in the aes128gcm content coding (RFC 8188): one record, an ephemeral
// P-256 key per message, the subscriber's p256dh key and auth secret mixed in through HKDF. Node's crypto only.
import { createCipheriv, createECDH, createHmac, randomBytes } from "node:crypto"

/** The subscriber's keys as a browser's PushSubscription.toJSON() gives them (base64url). */
export interface SubscriberKeys {
  p256dh: string
  auth: string
}

/** Record size written in the header; one record holds the whole (small) payload. */
const RECORD_SIZE = 4096
/** What a push service must accept (RFC 8291 §4): 4096 bytes of body, less the header, padding and tag. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - 16 - 4 - 1 - 65 - 16 - 1

const hmac = (key: Uint8Array, ...data: Uint8Array[]) => {
  const mac = createHmac("sha256", key)
  for (const part of data) mac.update(part)
  return mac.digest()
}

/** HKDF with one block of output (all RFC 8291 needs: 32 bytes at most). */
function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Buffer {
  const prk = hmac(salt, ikm)
  return hmac(prk, info, Buffer.from([1])).subarray(0, length)
}

/**
 * Encrypts `payload` for one subscriber; answers the request body (header and the single record). `salt` and
 * `serverKey` are only given by tests that check against known values.
 */
export function encryptPayload(
  keys: SubscriberKeys,
  payload: Uint8Array,
  fixed: { salt?: Uint8Array; serverPrivateKey?: Uint8Array } = {},
): Buffer {
  if (payload.length > MAX_PAYLOAD_BYTES) throw new Error(`A push payload holds at most ${MAX_PAYLOAD_BYTES} bytes`)
  const uaPublic = Buffer.from(keys.p256dh, "base64url")
  const authSecret = Buffer.from(keys.auth, "base64url")
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error("p256dh is not an uncompressed P-256 point")
  if (authSecret.length < 16) throw new Error("The auth secret is shorter than 16 bytes")
  const ecdh = createECDH("prime256v1")
  if (fixed.serverPrivateKey) ecdh.setPrivateKey(fixed.serverPrivateKey)
  else ecdh.generateKeys()
  const asPublic = ecdh.getPublicKey()
  const shared = ecdh.computeSecret(uaPublic)
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic])
  const ikm = hkdf(authSecret, shared, keyInfo, 32)
  const salt = fixed.salt ?? randomBytes(16)
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16)
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12)
  const cipher = createCipheriv("aes-128-gcm", cek, nonce)
  // The last (only) record ends with the delimiter 0x02 and no padding.
  const body = Buffer.concat([
    cipher.update(payload),
    cipher.update(Buffer.from([2])),
    cipher.final(),
    cipher.getAuthTag(),
  ])
  const header = Buffer.alloc(21)
  Buffer.from(salt).copy(header, 0)
  header.writeUInt32BE(RECORD_SIZE, 16)
  header[20] = asPublic.length
  return Buffer.concat([header, asPublic, body])
}
