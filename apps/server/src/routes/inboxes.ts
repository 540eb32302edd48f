// /inboxes: the owner's inbox calls (session) and the two ingress calls (webhook, e-mail) authenticated by secret.
import type { Context } from "hono"
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { bodyOf, boolish, instant, parse, queryOf } from "../http.ts"
import {
  authorizeEmail,
  authorizeInbox,
  createInbox,
  emailHandle,
  emailToEntry,
  getInbox,
  INGRESS_MAX_BYTES,
  inboxHandle,
  listUserInboxes,
  removeInbox,
  renameInbox,
  storeInboxEntry,
} from "../services/inboxes.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

/** A handle naming an existing inbox: no format rule (a malformed one simply is not found). */
const handleRef = z.string().trim().min(1).max(64)
const title = z.string().max(200).nullish()

// Schemas are built once: zod compiles each one on its first use.
const handleInput = z.object({ handle: handleRef })
const newInboxInput = z.object({ handle: inboxHandle, title })
const renameInput = z.object({ handle: handleRef, title })

export function inboxRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(handleInput, queryOf(c))
      return c.json(ok(await getInbox(deps, userOf(c), q.handle)))
    })
    .get("/list", async (c) => c.json(ok(await listUserInboxes(deps, userOf(c)))))
    .post("/", async (c) => {
      await createInbox(deps, c.get("session"), parse(newInboxInput, await bodyOf(c)))
      return c.json({ code: 0 })
    })
    .put("/", async (c) => {
      const body = parse(renameInput, await bodyOf(c))
      await renameInbox(deps, userOf(c), body.handle, body.title ?? null)
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      await removeInbox(deps, userOf(c), parse(handleInput, await bodyOf(c)).handle)
      return c.json({ code: 0 })
    })
}

// ---- ingress

const webUrl = (schemes = ["http:", "https:"]) =>
  z
    .string()
    .trim()
    .max(2048)
    .refine((v) => URL.canParse(v) && schemes.includes(new URL(v).protocol), `An absolute ${schemes.join(" or ")} URL`)

const text = (max: number) => z.string().max(max).nullish()

/** The inbox-entry insert shape (SDK `inboxesEntriesInsertOpenAPISchema`); unknown keys are ignored. */
const webhookEntry = z.object({
  guid: z.string().trim().min(1).max(2048),
  publishedAt: instant,
  title: text(1000),
  content: z.string().nullish(),
  description: text(20_000),
  summary: text(20_000),
  url: webUrl().nullish(),
  author: text(500),
  authorUrl: webUrl(["http:", "https:", "mailto:"]).nullish(),
  authorAvatar: webUrl().nullish(),
  language: text(35),
  categories: z.array(z.string().max(200)).max(100).nullish(),
  media: z
    .array(
      z.object({
        url: webUrl(),
        type: z.enum(["photo", "video"]),
        width: z.number().optional(),
        height: z.number().optional(),
        preview_image_url: webUrl().optional(),
        blurhash: z.string().max(200).optional(),
      }),
    )
    .max(100)
    .nullish(),
  attachments: z
    .array(
      z.object({
        url: webUrl(),
        title: z.string().max(1000).optional(),
        duration_in_seconds: z.union([z.number(), z.string().max(50)]).optional(),
        mime_type: z.string().max(200).optional(),
        size_in_bytes: z.number().optional(),
      }),
    )
    .max(100)
    .nullish(),
  extra: z
    .object({
      links: z
        .array(z.object({ url: webUrl(), type: z.string().max(200), content_html: z.string().optional() }))
        .max(100)
        .nullish(),
      title_keyword: z.string().max(200).optional(),
    })
    .nullish(),
  read: boolish.nullish(),
})

/** A message as the mail worker parsed it; a missing or unreadable date means "now". */
const emailMessage = z.object({
  from: z.object({ name: text(500), address: text(500) }).nullish(),
  to: z.object({ address: z.string().min(3).max(500) }),
  subject: z
    .string()
    .nullish()
    .transform((s) => s?.slice(0, 1000)),
  messageId: text(2048),
  date: instant.nullish().catch(null),
  html: z.string().nullish(),
  text: z.string().nullish(),
})

const limitBody = bodyLimit({
  maxSize: INGRESS_MAX_BYTES,
  // The rest of the body is left unread, so the connection cannot carry another request: close it.
  onError: (c) => {
    const error = new AppError(ErrorCode.InvalidInput, { reason: `The body is larger than ${INGRESS_MAX_BYTES} bytes` })
    return c.json(error.toBody(), 400, { connection: "close" })
  },
})

/** The inbox secret: `X-Inbox-Secret: <secret>` or `Authorization: Bearer <secret>`. */
function secretOf(c: Context): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(c.req.header("authorization") ?? "")?.[1]
  return c.req.header("x-inbox-secret") ?? bearer?.trim()
}

/** The JSON body, or undefined when malformed: the caller is authenticated before it is told its body is bad. */
async function jsonOrUndefined(c: Context): Promise<Record<string, unknown> | undefined> {
  return bodyOf(c).catch(() => undefined)
}

function wellFormed(body: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!body) throw new AppError(ErrorCode.InvalidInput, { reason: "The request body must be a JSON object" })
  return body
}

const field = (value: unknown) => (typeof value === "string" ? value : undefined)

export function inboxIngressRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/webhook", limitBody, async (c) => {
      const body = await jsonOrUndefined(c)
      const handle = c.req.query("handle") ?? field(body?.handle) ?? field(body?.inboxId)
      const inbox = await authorizeInbox(deps, handle, secretOf(c))
      await storeInboxEntry(deps, inbox.handle, parse(webhookEntry, wellFormed(body)))
      return c.json({ code: 0 })
    })
    .post("/email", limitBody, async (c) => {
      const body = await jsonOrUndefined(c)
      const to = body?.to && typeof body.to === "object" ? (body.to as Record<string, unknown>).address : undefined
      const given = { token: c.req.header("x-inbox-token"), secret: secretOf(c) }
      const inbox = await authorizeEmail(deps, emailHandle(to), given)
      await storeInboxEntry(deps, inbox.handle, emailToEntry(parse(emailMessage, wellFormed(body)), deps.now()))
      return c.json({ code: 0 })
    })
}
