// Uploads (issue 14): POST /upload/avatar and /upload/chat-attachment through the SDK and raw multipart; the type
// read from the bytes, never the name; images re-encoded as WebP (resized, metadata dropped); files under
// DATA_DIR/uploads, served with their checked type, nosniff and long caching; a second user cannot read the first
// one's attachment. Bad input answers 14000 / 14001 and stores nothing.
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { FollowClient } from "@follow-app/client-sdk"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fileTypeOf } from "../src/uploads/file-type.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let dataDir: string
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tidings-uploads-"))
  server = await startTestServer({ DATA_DIR: dataDir })
  alice = await signUp(server.url, "Alice")
  bob = await signUp(server.url, "Bob")
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const sdkAs = (user: TestUser) => new FollowClient({ baseURL: server.url, authToken: user.token, timeout: 20_000 }).api

/** Every file stored so far, by path under DATA_DIR/uploads. */
function storedFiles(): string[] {
  try {
    return readdirSync(path.join(dataDir, "uploads"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(path.join(dataDir, "uploads"), path.join(entry.parentPath, entry.name)))
      .sort()
  } catch {
    return []
  }
}

async function post(
  user: TestUser | undefined,
  kind: string,
  body: FormData | string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${server.url}/upload/${kind}`, {
    method: "POST",
    headers: { ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    body,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

function form(bytes: Uint8Array | string, name: string, type = "application/octet-stream") {
  const data = new FormData()
  data.set("file", new File([bytes], name, { type }))
  return data
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c0542f" } })
    .png()
    .toBuffer()

describe("avatar uploads", () => {
  it("re-encodes an image as a 512 px WebP without its metadata, served publicly with its type", async () => {
    // A JPEG with a camera's EXIF, sent with a misleading name and type.
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#345" } })
      .jpeg()
      .withExif({ IFD0: { Make: "Pocket Camera", Copyright: "Alice" } })
      .toBuffer()
    expect((await sharp(photo).metadata()).exif).toBeDefined()
    const answer = await sdkAs(alice).upload.uploadAvatar({ file: new File([photo], "me.gif", { type: "image/gif" }) })
    expect(answer.code).toBe(0)
    expect(answer.url).toMatch(new RegExp(`^${server.url}/upload/avatar/[A-Za-z0-9_-]{22}\\.webp$`))

    // Anyone may load it: no session.
    const res = await fetch(answer.url)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toBe("image/webp")
    expect(res.headers.get("x-content-type-options")).toBe("nosniff")
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 512, 512, undefined])
    expect(storedFiles()).toEqual([`avatars/${answer.url.split("/").pop()}`])
  })

  it("keeps a small image small and takes PNG, GIF and WebP by their bytes", async () => {
    const small = await post(alice, "avatar", form(await png(64, 48), "tiny"))
    expect(small.status).toBe(200)
    const meta = await sharp(Buffer.from(await (await fetch(small.body.url as string)).arrayBuffer())).metadata()
    // Cropped to the largest square it holds, not enlarged.
    expect([meta.width, meta.height]).toEqual([48, 48])
    for (const format of ["gif", "webp"] as const) {
      const bytes = await sharp(await png(30, 30))
        .toFormat(format)
        .toBuffer()
      expect((await post(alice, "avatar", form(bytes, "x.png"))).status).toBe(200)
    }
  })

  it("refuses what is not an image, a broken image, an empty or too large file, and stores nothing", async () => {
    const before = storedFiles()
    const refusals: [string, FormData | string, number, number][] = [
      ["a script named .png", form("<script>alert(1)</script>", "avatar.png", "image/png"), 400, 14000],
      ["a PDF", form("%PDF-1.7\n1 0 obj\n", "a.png"), 400, 14000],
      [
        "a PNG signature and then nothing",
        form(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "a.png"),
        400,
        14000,
      ],
      ["an empty file", form(new Uint8Array(0), "a.png"), 400, 14000],
      [
        "a form without a file",
        (() => {
          const f = new FormData()
          f.set("file", "text")
          return f
        })(),
        400,
        14000,
      ],
      ["JSON", JSON.stringify({ file: "x" }), 400, 14000],
      ["6 MiB", form(new Uint8Array(6 * 1024 * 1024).fill(0xff), "big.png"), 413, 14001],
    ]
    for (const [what, body, status, code] of refusals) {
      const headers: Record<string, string> = typeof body === "string" ? { "content-type": "application/json" } : {}
      const answer = await post(alice, "avatar", body, headers)
      expect([what, answer.status, answer.body.code]).toEqual([what, status, code])
      expect(typeof answer.body.message).toBe("string")
    }
    expect(storedFiles()).toEqual(before)
  })

  it("needs a session to upload, and answers 404 for a name that is not a stored file", async () => {
    expect((await post(undefined, "avatar", form(await png(8, 8), "a.png"))).status).toBe(401)
    for (const name of ["nothing.webp", "..%2F..%2Fetc%2Fpasswd", "AAAAAAAAAAAAAAAAAAAAAA.webp", "x.html"]) {
      const res = await fetch(`${server.url}/upload/avatar/${name}`)
      expect([name, res.status]).toEqual([name, 404])
    }
  })
})

describe("chat attachments", () => {
  it("stores Markdown, text and PDF as sent and images as WebP, for their owner only", async () => {
    const markdown = "# Notes\n\nRivers **rise** in spring.\n"
    const answer = await sdkAs(alice).upload.uploadChatAttachment({
      file: new File([markdown], "notes.md", { type: "application/x-anything" }),
    })
    expect(answer.code).toBe(0)
    expect(answer.data).toMatchObject({ filename: "notes.md", mimeType: "text/markdown", size: markdown.length })
    expect(answer.data.url).toMatch(new RegExp(`^${server.url}/upload/chat-attachment/[A-Za-z0-9_-]{22}\\.md$`))

    const asAlice = await fetch(answer.data.url, { headers: { authorization: `Bearer ${alice.token}` } })
    expect(asAlice.status).toBe(200)
    expect(asAlice.headers.get("content-type")).toBe("text/markdown; charset=utf-8")
    expect(asAlice.headers.get("x-content-type-options")).toBe("nosniff")
    expect(asAlice.headers.get("cache-control")).toBe("private, max-age=31536000, immutable")
    expect(asAlice.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
    expect(await asAlice.text()).toBe(markdown)
    // Bob gets what a name that does not exist gets; without a session, 401.
    const asBob = await fetch(answer.data.url, { headers: { authorization: `Bearer ${bob.token}` } })
    expect([asBob.status, ((await asBob.json()) as { code: number }).code]).toEqual([404, 6])
    expect((await fetch(answer.data.url)).status).toBe(401)

    const text = await post(alice, "chat-attachment", form("plain words\tand a tab\r\n", "words.txt"))
    expect((text.body.data as Record<string, unknown>).mimeType).toBe("text/plain")
    const pdf = await post(alice, "chat-attachment", form("%PDF-1.4\n%\xe2\xe3\n", "report"))
    expect((pdf.body.data as Record<string, unknown>).mimeType).toBe("application/pdf")
    const image = await post(alice, "chat-attachment", form(await png(3000, 1000), "wide.png"))
    const data = image.body.data as { url: string; mimeType: string; size: number }
    expect(data.mimeType).toBe("image/webp")
    const stored = await fetch(data.url, { headers: { authorization: `Bearer ${alice.token}` } })
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height, meta.size ?? data.size]).toEqual(["webp", 2048, 683, data.size])
  })

  it("refuses binary named as text, and files over 10 MiB", async () => {
    const before = storedFiles()
    const binary = await post(alice, "chat-attachment", form(new Uint8Array([0, 1, 2, 3, 255, 254]), "notes.txt"))
    expect([binary.status, binary.body.code]).toEqual([400, 14000])
    const large = await post(alice, "chat-attachment", form(new Uint8Array(11 * 1024 * 1024).fill(0x61), "a.txt"))
    expect([large.status, large.body.code]).toEqual([413, 14001])
    expect(storedFiles()).toEqual(before)
  })
})

describe("fileTypeOf", () => {
  it("reads the type from the bytes, the name only telling Markdown from text", () => {
    const bytes = (text: string) => new TextEncoder().encode(text)
    expect(fileTypeOf(bytes("%PDF-1.7"), "a.md")).toBe("application/pdf")
    expect(fileTypeOf(bytes("# Title"), "a.MD")).toBe("text/markdown")
    expect(fileTypeOf(bytes("# Title"), "a.png")).toBe("text/plain")
    expect(fileTypeOf(bytes("a\u0000b"), "a.txt")).toBeNull()
    expect(fileTypeOf(new Uint8Array([0xc3, 0x28]), "a.txt")).toBeNull()
    expect(fileTypeOf(new Uint8Array(0), "a.txt")).toBeNull()
    expect(fileTypeOf(bytes("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "), "a.txt")).toBe("image/webp")
  })
})
