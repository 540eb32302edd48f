// Uploaded avatars and chat attachments, kept as files under DATA_DIR/uploads: avatars/<name> (public: anyone who
// sees the profile loads it) and chat/<userId>/<name> (read back only by their owner, so another user's name leads
// nowhere). Names are random and never reused, so a file never changes and may be cached for good. Images are
// decoded and written anew as WebP (sharp): that drops their metadata (a phone's GPS position) and anything hidden
// after the image data, and bounds their size; a file that does not decode is refused.
// With S3_* set, the same names are objects in an S3-compatible bucket (uploads/s3.ts) instead of files: avatars/<name>
// and chat/<userId>/<name>, read back through this server (or, for avatars, from S3_PUBLIC_URL).
import { randomBytes } from "node:crypto"
import { mkdir, readFile, rename, writeFile } from "node:fs/promises"
import path from "node:path"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { type FileType, fileTypeOf, imageTypeOf } from "./file-type.ts"
import { getObject, putObject, s3ConfigOf } from "./s3.ts"

const MiB = 1024 * 1024
export const AVATAR_MAX_BYTES = 5 * MiB
export const ATTACHMENT_MAX_BYTES = 10 * MiB
/** Avatars are shown at most a few dozen pixels wide; 512 keeps them sharp on dense screens. */
const AVATAR_SIZE = 512
/** Attachments go to a model and into the chat: a long side of 2048 is as much as either uses. */
const ATTACHMENT_IMAGE_MAX = 2048
/** A small file can claim a huge canvas (a decompression bomb): decoding stops past this many pixels. */
const MAX_INPUT_PIXELS = 50_000_000

export type UploadKind = "avatar" | "chat-attachment"

const EXTENSIONS: Record<FileType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/markdown": "md",
}
const TYPES_BY_EXTENSION = new Map(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type as FileType]))

/** 22 characters of base64url (128 random bits) and the extension: what a stored file's name looks like. */
const NAME = /^[A-Za-z0-9_-]{22}\.(webp|pdf|txt|md)$/

export interface UploadedFile {
  bytes: Uint8Array
  name: string
}

export interface StoredFile {
  name: string
  mimeType: FileType
  size: number
}

const root = (deps: Deps) => path.resolve(deps.config.DATA_DIR, "uploads")
const dirOf = (deps: Deps, kind: UploadKind, userId: string) =>
  kind === "avatar" ? path.join(root(deps), "avatars") : path.join(root(deps), "chat", safeSegment(userId))

function safeSegment(userId: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(userId)) throw new AppError(ErrorCode.UploadFailed)
  return userId
}

/** The object key of a stored file in the bucket, the same layout as under DATA_DIR/uploads. */
const keyOf = (kind: UploadKind, userId: string, name: string) =>
  kind === "avatar" ? `avatars/${name}` : `chat/${safeSegment(userId)}/${name}`

/** Where an avatar is public when the bucket serves it (S3_PUBLIC_URL); undefined: this server serves it. */
export function publicAvatarUrl(deps: Deps, name: string): string | undefined {
  const base = s3ConfigOf(deps.config)?.publicUrl
  return base ? `${base.replace(/\/+$/, "")}/${keyOf("avatar", "", name)}` : undefined
}

export function maxBytesOf(kind: UploadKind): number {
  return kind === "avatar" ? AVATAR_MAX_BYTES : ATTACHMENT_MAX_BYTES
}

/** Checks, re-encodes (images) and stores one file; refuses what is too large or not of the kind's types. */
export async function storeUpload(deps: Deps, kind: UploadKind, userId: string, file: UploadedFile) {
  const max = maxBytesOf(kind)
  if (file.bytes.length > max)
    throw new AppError(ErrorCode.UploadFileTooLarge, { reason: `The file is larger than ${max / MiB} MiB` })
  const type = kind === "avatar" ? imageTypeOf(file.bytes) : fileTypeOf(file.bytes, file.name)
  if (!type)
    throw new AppError(ErrorCode.UploadInvalidFile, {
      reason:
        kind === "avatar"
          ? "An avatar must be a PNG, JPEG, GIF or WebP image"
          : "An attachment must be an image (PNG, JPEG, GIF, WebP), a PDF, or UTF-8 text or Markdown",
    })
  const stored: { bytes: Uint8Array; type: FileType } = type.startsWith("image/")
    ? { bytes: await reencode(file.bytes, kind), type: "image/webp" }
    : { bytes: file.bytes, type }
  const name = `${randomBytes(16).toString("base64url")}.${EXTENSIONS[stored.type]}`
  const s3 = s3ConfigOf(deps.config)
  if (s3) {
    try {
      await putObject(s3, keyOf(kind, userId, name), stored.bytes, stored.type, deps.now())
    } catch (error) {
      deps.log.error("upload not stored", { kind, error: error instanceof Error ? error.message : String(error) })
      throw new AppError(ErrorCode.UploadFailed)
    }
    return { name, mimeType: stored.type, size: stored.bytes.length } satisfies StoredFile
  }
  const dir = dirOf(deps, kind, userId)
  try {
    await mkdir(dir, { recursive: true })
    // Written aside and renamed: a reader never sees half a file.
    const temporary = path.join(dir, `.${name}.part`)
    await writeFile(temporary, stored.bytes)
    await rename(temporary, path.join(dir, name))
  } catch (error) {
    deps.log.error("upload not stored", { kind, error })
    throw new AppError(ErrorCode.UploadFailed)
  }
  return { name, mimeType: stored.type, size: stored.bytes.length } satisfies StoredFile
}

// sharp (libvips) loads on the first image upload: a server that never receives one keeps its start-up and memory.
let loadSharp: Promise<typeof import("sharp")> | undefined

async function reencode(bytes: Uint8Array, kind: UploadKind): Promise<Uint8Array> {
  loadSharp ??= import("sharp")
  const { default: sharp } = await loadSharp
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate()
    const { width = 0, height = 0 } = await image.metadata()
    // An avatar is a square: the largest one the picture holds, up to AVATAR_SIZE, never enlarged.
    const side = Math.max(1, Math.min(AVATAR_SIZE, width, height))
    const sized =
      kind === "avatar"
        ? image.resize(side, side, { fit: "cover" })
        : image.resize(ATTACHMENT_IMAGE_MAX, ATTACHMENT_IMAGE_MAX, { fit: "inside", withoutEnlargement: true })
    return new Uint8Array(await sized.webp({ quality: 82 }).toBuffer())
  } catch {
    throw new AppError(ErrorCode.UploadInvalidFile, { reason: "The image cannot be read" })
  }
}

/** A stored file's bytes and type; null for a name that is not one (or, for attachments, not the user's). */
export async function readUpload(deps: Deps, kind: UploadKind, userId: string, name: string) {
  if (!NAME.test(name)) return null
  const type = TYPES_BY_EXTENSION.get(name.slice(name.lastIndexOf(".") + 1))
  if (!type) return null
  const s3 = s3ConfigOf(deps.config)
  if (s3) {
    const bytes = await getObject(s3, keyOf(kind, userId, name), deps.now()).catch((error: unknown) => {
      deps.log.error("upload not read", { kind, error: error instanceof Error ? error.message : String(error) })
      throw new AppError(ErrorCode.UploadFailed)
    })
    return bytes ? { bytes, type } : null
  }
  try {
    return { bytes: await readFile(path.join(dirOf(deps, kind, userId), name)), type }
  } catch {
    return null
  }
}
