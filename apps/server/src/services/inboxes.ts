// Inboxes: the handle rules and limits, the ingress of webhook and e-mail entries (by secret), the owner's entry lists.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { ENTRY_PAGE_DEFAULT_LIMIT, ENTRY_PAGE_MAX_LIMIT } from "@tidings/shared"
import { z } from "zod"
import { isLimitedRole } from "../auth/roles.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { htmlToText, sanitizeHtml } from "../reader/sanitize.ts"
import { collapseWhitespace, stableHash, textToHtml, trimDescription } from "../reader/text.ts"
import { type DB, lockUser, withTransaction } from "../storage/db.ts"
import {
  countInboxes,
  deleteInbox,
  deleteInboxEntry,
  findInbox,
  findInboxEntry,
  findInboxForIngress,
  type InboxEntryInsert,
  type InboxEntryListRow,
  inboxEntryPage,
  insertInbox,
  listInboxes,
  updateInboxTitle,
  upsertInboxEntry,
} from "../storage/inboxes.ts"
import { applyRulesToInboxArrival, sendDeliveries } from "./arrivals.ts"
import { deliverPushLater, type PushNotice } from "./messaging.ts"
import type { SessionInfo } from "./session.ts"
import { toInbox } from "./wire.ts"

/** Everyone's hard cap; trial, free and pre_pro_trial users stop earlier, at config.TRIAL_MAX_INBOXES (1102). */
export const MAX_INBOXES_PER_USER = 20

/**
 * A handle is the inbox's id and the local part of its e-mail address (<handle>@INBOX_EMAIL_DOMAIN), unique across
 * all users. Stored in lower case, so uniqueness is case-insensitive. 3–32 characters of a–z, 0–9, "-", "_", ".";
 * starts with a letter or digit and does not end with "."; no ".." (both are invalid in an e-mail local part); not
 * all digits, so it can never be mistaken for a feed or list id, which share its key space in GET /reads.
 */
export const inboxHandle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{1,30}[a-z0-9_-]$/, "3-32 characters: a-z, 0-9, '-', '_', '.', starting with a-z or 0-9")
  .refine((h) => !h.includes(".."), "No consecutive dots")
  .refine((h) => !/^\d+$/.test(h), "Not digits only")

// Mailbox names that mail systems reserve (RFC 2142 and common practice); answered as taken.
const RESERVED_HANDLES = new Set(["abuse", "admin", "hostmaster", "mailer-daemon", "noreply", "postmaster", "root"])

// ---- the owner's calls

export async function getInbox(deps: Deps, userId: string, handle: string) {
  const row = await findInbox(deps.db, userId, handle.toLowerCase())
  if (!row) throw new AppError(ErrorCode.InboxNotFound)
  return toInbox(row)
}

export async function listUserInboxes(deps: Deps, userId: string) {
  return (await listInboxes(deps.db, userId)).map(toInbox)
}

/** Creates the inbox with a fresh secret and the owner's subscription to it, in one transaction. */
export async function createInbox(deps: Deps, session: SessionInfo, input: { handle: string; title?: string | null }) {
  if (RESERVED_HANDLES.has(input.handle)) throw new AppError(ErrorCode.InboxAlreadyExists)
  const { userId, role } = session
  await withTransaction(deps.db, async (tx) => {
    await lockUser(tx, userId)
    const owned = await countInboxes(tx, userId)
    if (isLimitedRole(role) && owned >= deps.config.TRIAL_MAX_INBOXES) {
      throw new AppError(ErrorCode.TrialUserMaxInboxSubscriptionExceeded)
    }
    if (owned >= MAX_INBOXES_PER_USER) throw new AppError(ErrorCode.InboxLimitExceeded)
    const row = await insertInbox(
      tx,
      { handle: input.handle, userId, title: cleanText(input.title), secret: newSecret() },
      newId(),
    )
    if (!row) throw new AppError(ErrorCode.InboxAlreadyExists)
  })
}

/** An imported inbox (data import, in the caller's transaction): the handle kept, a fresh secret. Answers false
 * when the user owns it already; another user's handle, or a reserved one, is 10001. */
export async function adoptInbox(
  tx: DB,
  userId: string,
  input: { handle: string; title: string | null; createdAt?: Date | null },
) {
  if (RESERVED_HANDLES.has(input.handle)) throw new AppError(ErrorCode.InboxAlreadyExists)
  if (await findInbox(tx, userId, input.handle)) return false
  const row = await insertInbox(
    tx,
    {
      handle: input.handle,
      userId,
      title: cleanText(input.title),
      secret: newSecret(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    },
    newId(),
  )
  if (!row)
    throw new AppError(ErrorCode.InboxAlreadyExists, { reason: `The inbox ${input.handle} belongs to someone else` })
  return true
}

export async function renameInbox(deps: Deps, userId: string, handle: string, title: string | null) {
  const row = await updateInboxTitle(deps.db, userId, handle.toLowerCase(), cleanText(title))
  if (!row) throw new AppError(ErrorCode.InboxNotFound)
}

export async function removeInbox(deps: Deps, userId: string, handle: string) {
  if (!(await deleteInbox(deps.db, userId, handle.toLowerCase()))) throw new AppError(ErrorCode.InboxNotFound)
}

// ---- entries

/** InboxEntry on the wire: the entry's columns (content only when selected) with ISO dates. */
function toInboxEntry(row: InboxEntryListRow & { content?: string | null }) {
  const { publishedAt, insertedAt, ...columns } = row
  return { ...columns, publishedAt: publishedAt.toISOString(), insertedAt: insertedAt.toISOString() }
}

export interface InboxEntryListInput {
  inboxId: string
  read?: boolean
  limit?: number
  /** Exclusive upper bound on publishedAt, as for POST /entries. */
  publishedAfter?: Date
}

/** A page of the user's inbox, newest first. Starring inbox entries is not offered, so `collections` is never set. */
export async function listInboxEntries(deps: Deps, userId: string, input: InboxEntryListInput) {
  const inbox = await findInbox(deps.db, userId, input.inboxId.toLowerCase())
  if (!inbox) throw new AppError(ErrorCode.InboxNotFound)
  const limit = Math.min(Math.max(input.limit ?? ENTRY_PAGE_DEFAULT_LIMIT, 1), ENTRY_PAGE_MAX_LIMIT)
  const filter = { userId, handle: inbox.handle, unreadOnly: input.read === false, before: input.publishedAfter }
  const feeds = toInbox(inbox)
  const rows = await inboxEntryPage(deps.db, filter, limit)
  return rows.map((row) => ({ entries: toInboxEntry(row), feeds, read: row.read }))
}

export async function getInboxEntry(deps: Deps, userId: string, entryId: string) {
  const found = await findInboxEntry(deps.db, userId, entryId)
  if (!found) throw new AppError(ErrorCode.EntryNotFound)
  return { entries: toInboxEntry(found.entry), feeds: toInbox(found.inbox) }
}

export async function removeInboxEntry(deps: Deps, userId: string, entryId: string) {
  if (!(await deleteInboxEntry(deps.db, userId, entryId))) throw new AppError(ErrorCode.EntryNotFound)
}

// ---- ingress (no session: the caller proves it holds the inbox's secret, or the mail worker's token)

/** The largest webhook or e-mail body accepted. */
export const INGRESS_MAX_BYTES = 1024 * 1024

// Compared when there is no inbox, so an unknown handle costs the same as a wrong secret.
const DUMMY_SECRET = randomBytes(32).toString("base64url")

/** Constant-time equality of two strings of any length (their digests have the same length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/** The inbox the caller holds the secret of; 10003 for a wrong or missing secret and for an unknown handle alike. */
export async function authorizeInbox(deps: Deps, handle: string | undefined, secret: string | undefined) {
  const inbox = handle ? await findInboxForIngress(deps.db, handle.trim().toLowerCase()) : undefined
  const matches = sameSecret(secret ?? "", inbox?.secret ?? DUMMY_SECRET)
  if (!inbox || !secret || !matches) throw new AppError(ErrorCode.InboxPermissionDenied)
  return inbox
}

/** E-mail ingress: with INBOX_EMAIL_TOKEN configured the mail worker's token is required; otherwise the secret. */
export async function authorizeEmail(
  deps: Deps,
  handle: string | undefined,
  given: { token?: string; secret?: string },
) {
  const token = deps.config.INBOX_EMAIL_TOKEN
  if (!token) return authorizeInbox(deps, handle, given.secret)
  if (!sameSecret(given.token ?? "", token)) throw new AppError(ErrorCode.InboxPermissionDenied)
  const inbox = handle ? await findInboxForIngress(deps.db, handle) : undefined
  if (!inbox) throw new AppError(ErrorCode.InboxPermissionDenied)
  return inbox
}

/** The inbox handle an address delivers to: its local part, lower case, without a "+tag" (any domain is accepted). */
export function emailHandle(address: unknown): string | undefined {
  if (typeof address !== "string") return undefined
  const bare = /<([^<>]+)>\s*$/.exec(address)?.[1] ?? address
  const at = bare.lastIndexOf("@")
  const local = (at > 0 ? bare.slice(0, at) : "").trim().toLowerCase().split("+")[0]
  return local || undefined
}

export interface InboxEntryInput {
  guid: string
  publishedAt: Date
  title?: string | null
  content?: string | null
  description?: string | null
  summary?: string | null
  url?: string | null
  author?: string | null
  authorUrl?: string | null
  authorAvatar?: string | null
  language?: string | null
  categories?: string[] | null
  media?: InboxEntryInsert["media"]
  attachments?: InboxEntryInsert["attachments"]
  extra?: InboxEntryInsert["extra"]
  read?: boolean | null
}

// Relative URLs in pushed content have nothing to resolve against but the entry's own link, if it has one.
const NO_BASE = "https://inbox.invalid/"

/** Stores the entry (sanitised), or updates the one with the same guid; answers its id and whether it is new. */
export async function storeInboxEntry(deps: Deps, handle: string, input: InboxEntryInput) {
  const notices: PushNotice[] = []
  const { stored, deliveries } = await withTransaction(deps.db, async (tx) => {
    const stored = await upsertInboxEntry(tx, inboxEntryRow(handle, input, deps.now()))
    // Only a first delivery is news; a repeat of the same guid updates the entry and leaves it to the user.
    const deliveries = stored.inserted ? await applyRulesToInboxArrival(tx, handle, stored.id, notices) : []
    return { stored, deliveries }
  })
  sendDeliveries(deps, deliveries)
  deliverPushLater(deps, notices)
  return stored
}

/** The row an entry pushed into an inbox is stored as: content sanitised, text fields cleaned. */
export function inboxEntryRow(handle: string, input: InboxEntryInput, now: Date): InboxEntryInsert {
  const base = input.url && /^https?:\/\//i.test(input.url) ? input.url : NO_BASE
  const content = input.content?.trim() ? sanitizeHtml(input.content, base) : null
  const text = input.description?.trim() ? htmlToText(input.description) : content ? htmlToText(content) : null
  return {
    id: newId(),
    inboxHandle: handle,
    guid: input.guid,
    title: cleanText(collapseWhitespace(input.title ?? "")),
    url: input.url ?? null,
    content,
    description: trimDescription(text || null),
    // Shown as text by clients, never as markup.
    summary: cleanText(input.summary),
    author: cleanText(input.author),
    authorUrl: input.authorUrl ?? null,
    authorAvatar: input.authorAvatar ?? null,
    language: cleanText(input.language),
    categories: input.categories ?? null,
    media: input.media ?? null,
    attachments: input.attachments ?? null,
    extra: input.extra ?? null,
    publishedAt: input.publishedAt,
    insertedAt: now,
    ...(typeof input.read === "boolean" ? { read: input.read } : {}),
  }
}

export interface EmailInput {
  from?: { name?: string | null; address?: string | null } | null
  to: { address: string }
  subject?: string | null
  messageId?: string | null
  date?: Date | null
  html?: string | null
  text?: string | null
}

/** A parsed e-mail as an inbox entry. A message without a Message-ID gets a guid from what identifies it. */
export function emailToEntry(mail: EmailInput, now: Date): InboxEntryInput {
  const address = mail.from?.address?.trim() || null
  const guid =
    mail.messageId?.trim() ||
    `hash:${stableHash(address, mail.to.address, mail.subject, mail.date?.toISOString(), mail.html ?? mail.text)}`
  return {
    guid,
    publishedAt: mail.date ?? now,
    title: mail.subject,
    author: mail.from?.name?.trim() || address,
    authorUrl: address ? `mailto:${address}` : null,
    content: mail.html?.trim() ? mail.html : mail.text?.trim() ? paragraphs(mail.text) : null,
  }
}

/** Plain text as HTML: blank lines separate paragraphs, single line breaks stay line breaks. */
function paragraphs(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((p) => `<p>${textToHtml(p.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n")
}

function newSecret(): string {
  // 32 random bytes: 43 url-safe characters.
  return randomBytes(32).toString("base64url")
}

function cleanText(value: string | null | undefined): string | null {
  const text = value?.trim()
  return text ? text : null
}
