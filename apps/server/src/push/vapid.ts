// VAPID (RFC 8292): the server's P-256 key pair, made on first start and kept in the database (app_meta), never in
// a file or a log line; and the ES256 JWT each push request carries to prove which server sends it.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto"
import { eq } from "drizzle-orm"
import type { DB } from "../storage/db.ts"
import { appMeta } from "../storage/schema.ts"

const META_KEY = "vapid_keys"

export interface VapidKeys {
  /** The uncompressed public point, base64url: what browsers subscribe with (applicationServerKey). */
  publicKey: string
  privateKey: KeyObject
}

const cache = new WeakMap<object, Promise<VapidKeys>>()

/** The server's keys, made and stored by the first process that needs them (all processes share the row). */
export function vapidKeys(db: DB): Promise<VapidKeys> {
  let keys = cache.get(db)
  if (!keys) {
    keys = loadOrCreate(db)
    cache.set(db, keys)
    keys.catch(() => cache.delete(db))
  }
  return keys
}

async function loadOrCreate(db: DB): Promise<VapidKeys> {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
  const candidate = JSON.stringify(privateKey.export({ format: "jwk" }))
  // Two processes starting together: the first insert wins and both read the same row.
  await db.insert(appMeta).values({ key: META_KEY, value: candidate }).onConflictDoNothing()
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, META_KEY))
  if (!row) throw new Error("VAPID keys could not be stored")
  const key = createPrivateKey({ key: JSON.parse(row.value), format: "jwk" })
  return { publicKey: publicPoint(key), privateKey: key }
}

/** The uncompressed P-256 point (0x04 ‖ x ‖ y) of a key, base64url. */
export function publicPoint(key: KeyObject): string {
  const jwk = createPublicKey(key).export({ format: "jwk" })
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x as string, "base64url"),
    Buffer.from(jwk.y as string, "base64url"),
  ]).toString("base64url")
}

/**
 * The Authorization header for a push to `endpoint`: a JWT for the endpoint's origin, valid 12 hours, naming the
 * server (its BASE_URL, or a mailto: address) as the contact, with the public key beside it.
 */
export function vapidAuthorization(keys: VapidKeys, endpoint: string, subject: string, now: Date): string {
  const header = Buffer.from(JSON.stringify({ typ: "JWT", alg: "ES256" })).toString("base64url")
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now.getTime() / 1000) + 12 * 3600,
    sub: subject,
  }
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url")
  const input = `${header}.${body}`
  // ES256 wants the raw r ‖ s signature (JOSE), not DER.
  const signature = sign("sha256", Buffer.from(input), { key: keys.privateKey, dsaEncoding: "ieee-p1363" })
  return `vapid t=${input}.${signature.toString("base64url")}, k=${keys.publicKey}`
}
