// What an uploaded file is, read from its bytes (magic numbers), never from its name or the type the client sent:
// a script renamed photo.png is not an image. Text has no magic number: it is text when it decodes as UTF-8 with no
// control characters besides whitespace, and only then does the name choose between Markdown and plain text.

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp"
export type FileType = ImageType | "application/pdf" | "text/plain" | "text/markdown"

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0))

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png"
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg"
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif"
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp"
  return null
}

// Tab, line feed, form feed, carriage return; and the escape character, which some terminal output keeps.
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b])

function isText(bytes: Uint8Array): boolean {
  let text: string
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return false
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return false
  }
  return true
}

/** An image, a PDF or text, or null for anything else (and for an empty file). */
export function fileTypeOf(bytes: Uint8Array, name: string): FileType | null {
  if (bytes.length === 0) return null
  const image = imageTypeOf(bytes)
  if (image) return image
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf"
  if (!isText(bytes)) return null
  return /\.(md|markdown)$/i.test(name) ? "text/markdown" : "text/plain"
}
