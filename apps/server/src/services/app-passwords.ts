// App passwords: what sync apps (Google Reader and Fever clients) sign in with instead of the account password.
// Created with a name and shown once; kept as a scrypt hash; revoking one stops every app that uses it at once.
import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto"
import { promisify } from "node:util"
import { effectiveRole, roleLimits } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import {
  type AppPasswordRow,
  countAppPasswords,
  deleteAppPassword,
  findAppPassword,
  findByFeverKey,
  findUserEmail,
  insertAppPassword,
  listAppPasswords,
  touchAppPassword,
} from "../storage/app-passwords.ts"
import type { SessionInfo } from "./session.ts"

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>
// OWASP's scrypt floor (N=2^17, r=8, p=1) takes ~128 MiB per hash; 2^15 keeps a sign-in burst within a small box.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }
const KEY_LENGTH = 32
/** Enough for every app a person uses, few enough that the settings list stays short. */
export const MAX_APP_PASSWORDS = 50
// Letters and digits that cannot be mistaken for one another when typed from the screen into a phone.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"

function newPassword(): string {
  const bytes = randomBytes(20)
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")
  return chars.match(/.{5}/g)!.join("-")
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT)
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${key.toString("base64")}`
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split("$")
  if (kind !== "scrypt" || !salt || !key) return false
  const expected = Buffer.from(key, "base64")
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  })
  return timingSafeEqual(actual, expected)
}

/** Fever's api_key: md5 of "email:password" (the Fever API's definition), with the e-mail as the account has it. */
export function feverKeyOf(email: string, password: string): string {
  return createHash("md5").update(`${email.trim().toLowerCase()}:${password}`).digest("hex")
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

export async function createAppPassword(deps: Deps, userId: string, name: string) {
  if ((await countAppPasswords(deps.db, userId)) >= MAX_APP_PASSWORDS) {
    throw new AppError(ErrorCode.InvalidInput, { reason: `At most ${MAX_APP_PASSWORDS} app passwords; revoke one` })
  }
  const email = await findUserEmail(deps.db, userId)
  if (!email) throw new AppError(ErrorCode.UserNotFound)
  const password = newPassword()
  const row = await insertAppPassword(deps.db, {
    id: newId(),
    userId,
    name: name.trim(),
    passwordHash: await hashPassword(password),
    feverKeyHash: sha256(feverKeyOf(email, password)),
    createdAt: deps.now(),
  })
  // The only time the password leaves the server.
  return { ...toWire(row), password }
}

export async function getAppPasswords(deps: Deps, userId: string) {
  return (await listAppPasswords(deps.db, userId)).map(toWire)
}

export async function revokeAppPassword(deps: Deps, userId: string, id: string) {
  if (!(await deleteAppPassword(deps.db, userId, id))) throw new AppError(ErrorCode.NotFound)
}

function toWire(row: Pick<AppPasswordRow, "id" | "name" | "createdAt" | "lastUsedAt">) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }
}

type Found = NonNullable<Awaited<ReturnType<typeof findAppPassword>>>

function sessionOf(deps: Deps, found: Found): SessionInfo {
  const role = effectiveRole(found.role, found.roleEndAt, deps.now().getTime())
  return {
    userId: found.password.userId,
    role,
    feedSubscriptionLimit: roleLimits(role, deps.config).feedSubscriptionLimit,
  }
}

export interface SyncSession extends SessionInfo {
  appPasswordId: string
}

async function used(deps: Deps, found: Found): Promise<SyncSession> {
  await touchAppPassword(deps.db, found.password.id, deps.now())
  return { ...sessionOf(deps, found), appPasswordId: found.password.id }
}

/** ClientLogin: the e-mail and an app password of that account (one index lookup, then one scrypt check). */
export async function signInWithAppPassword(deps: Deps, email: string, password: string) {
  const found = await findByFeverKey(deps.db, sha256(feverKeyOf(email, password)))
  if (!found || found.email.toLowerCase() !== email.trim().toLowerCase()) return undefined
  if (!(await verifyPassword(password, found.password.passwordHash))) return undefined
  return { session: await used(deps, found), token: greaderTokenOf(found.password.id, found.password.passwordHash) }
}

/** A Fever api_key; Fever sends it with every call, so it is checked by its hash alone. */
export async function sessionOfFeverKey(deps: Deps, apiKey: string) {
  const found = await findByFeverKey(deps.db, sha256(apiKey.trim().toLowerCase()))
  return found ? used(deps, found) : undefined
}

/**
 * The Google Reader token ClientLogin answers: the password's id and a MAC keyed by its stored hash, so it needs no
 * table of its own, holds while the password exists and dies with it, and is checked without scrypt on every call.
 */
export function greaderTokenOf(id: string, passwordHash: string): string {
  return `${id}/${createHmac("sha256", passwordHash).update("greader-auth").digest("hex")}`
}

export async function sessionOfGreaderToken(deps: Deps, token: string) {
  const [id, mac] = token.split("/")
  if (!id || !mac || !/^\d{1,20}$/.test(id)) return undefined
  const found = await findAppPassword(deps.db, id)
  if (!found) return undefined
  const expected = Buffer.from(greaderTokenOf(id, found.password.passwordHash))
  const actual = Buffer.from(token)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined
  return used(deps, found)
}
