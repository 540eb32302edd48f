// Uploads (SDK upload module): POST /upload/avatar and POST /upload/chat-attachment take multipart form data with
// a `file`; GET /upload/avatar/:name is public (profiles show it to anyone), GET /upload/chat-attachment/:name only
// for its owner. The files and their checks are in uploads/store.ts.
import { ErrorCode } from "@tidings/shared"
import { type Context, Hono } from "hono"
import type { Deps } from "../deps.ts"
import { AppError } from "../errors.ts"
import { publicAvatarUrl, readUpload, storeUpload, type UploadKind } from "../uploads/store.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const YEAR = 365 * 24 * 3600

async function formFile(c: Context<AppEnv>) {
  const form = await c.req.parseBody().catch(() => {
    throw new AppError(ErrorCode.UploadInvalidFile, { reason: "Expected multipart form data with a file" })
  })
  const file = form.file
  if (!(file instanceof File)) throw new AppError(ErrorCode.UploadInvalidFile, { reason: "The form has no file" })
  return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }
}

/** Where the file is served: the bucket's public URL for avatars when set, else BASE_URL when the operator set it, else the origin the client called. */
function urlOf(deps: Deps, c: Context, kind: UploadKind, name: string): string {
  const bucket = kind === "avatar" ? publicAvatarUrl(deps, name) : undefined
  if (bucket) return bucket
  return new URL(`/upload/${kind}/${name}`, deps.config.baseUrlSet ? deps.config.BASE_URL : c.req.url).href
}

async function serve(c: Context, file: Awaited<ReturnType<typeof readUpload>>, visibility: "public" | "private") {
  if (!file) throw new AppError(ErrorCode.NotFound)
  const text = file.type.startsWith("text/")
  return c.body(new Uint8Array(file.bytes), 200, {
    "content-type": text ? `${file.type}; charset=utf-8` : file.type,
    "content-length": String(file.bytes.length),
    "cache-control": `${visibility}, max-age=${YEAR}, immutable`,
    // The type above is the one the bytes were checked against: the browser must not guess another.
    "x-content-type-options": "nosniff",
    // Opened on its own, a file runs nothing and reaches nothing (a PDF keeps the browser's viewer).
    ...(file.type === "application/pdf" ? {} : { "content-security-policy": "default-src 'none'; sandbox" }),
    "cross-origin-resource-policy": visibility === "public" ? "cross-origin" : "same-site",
  })
}

/** Answered without a session: avatars are public. Mounted before the session middleware. */
export function publicUploadRoutes(deps: Deps) {
  return new Hono().get("/avatar/:name", async (c) =>
    serve(c, await readUpload(deps, "avatar", "", c.req.param("name")), "public"),
  )
}

export function uploadRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post("/avatar", async (c) => {
      const stored = await storeUpload(deps, "avatar", userOf(c), await formFile(c))
      // The SDK's shape: the url beside the code, not under data.
      return c.json({ code: 0 as const, url: urlOf(deps, c, "avatar", stored.name) })
    })
    .post("/chat-attachment", async (c) => {
      const file = await formFile(c)
      const stored = await storeUpload(deps, "chat-attachment", userOf(c), file)
      return c.json(
        ok({
          url: urlOf(deps, c, "chat-attachment", stored.name),
          filename: file.name,
          mimeType: stored.mimeType,
          size: stored.size,
        }),
      )
    })
    .get("/chat-attachment/:name", async (c) =>
      serve(c, await readUpload(deps, "chat-attachment", userOf(c), c.req.param("name")), "private"),
    )
}
