// Uploads in an S3-compatible bucket: with S3_* set, avatars and chat attachments are PUT to the bucket with an AWS
// SigV4 signature and read back through it; nothing is written under DATA_DIR. The bucket is a loopback stand-in this
// test starts, which checks every request's signature (computed here independently) and keeps objects in memory.
import { createHash, createHmac } from "node:crypto"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadConfig } from "../src/config.ts"
import { objectUrl, signV4 } from "../src/uploads/s3.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp, type TestUser } from "./support/users.ts"

const ACCESS = "TESTACCESSKEY"
const SECRET = "test-secret-key/with+chars"
const REGION = "eu-test-1"
const BUCKET = "tidings-bucket"

/** A minimal S3: PUT and GET of objects under /<bucket>/<key>, each request's SigV4 signature checked. */
async function startS3() {
  const objects = new Map<string, { body: Buffer; type: string }>()
  const refused: string[] = []
  const hex = (d: Buffer | string) => createHash("sha256").update(d).digest("hex")
  const mac = (k: Buffer | string, d: string) => createHmac("sha256", k).update(d).digest()
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      const auth =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
          req.headers.authorization ?? "",
        )
      const deny = (why: string) => {
        refused.push(why)
        res
          .writeHead(403, { "content-type": "application/xml" })
          .end("<Error><Code>SignatureDoesNotMatch</Code></Error>")
      }
      if (!auth) return deny("no signature")
      const [, access, day, region, signed, signature] = auth
      if (access !== ACCESS || region !== REGION) return deny("credential")
      const payloadHash = req.headers["x-amz-content-sha256"]
      if (payloadHash !== hex(body)) return deny("payload hash")
      const amzDate = String(req.headers["x-amz-date"])
      if (
        !amzDate.startsWith(day!) ||
        Math.abs(
          Date.now() - Date.parse(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")),
        ) >
          15 * 60_000
      )
        return deny("date")
      const names = signed!.split(";")
      if (!names.includes("host") || !names.includes("x-amz-date")) return deny("signed headers")
      const url = new URL(req.url ?? "/", "http://x")
      const canonical = [
        req.method,
        url.pathname,
        "",
        ...names.map((n) => `${n}:${String(req.headers[n]).trim()}`),
        "",
        signed,
        payloadHash,
      ].join("\n")
      const scope = `${day}/${region}/s3/aws4_request`
      const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${hex(canonical)}`
      const key = mac(mac(mac(mac(`AWS4${SECRET}`, day!), region!), "s3"), "aws4_request")
      if (createHmac("sha256", key).update(toSign).digest("hex") !== signature) return deny("signature")
      const prefix = `/${BUCKET}/`
      if (!url.pathname.startsWith(prefix)) return deny("bucket")
      const objectKey = decodeURIComponent(url.pathname.slice(prefix.length))
      if (req.method === "PUT") {
        objects.set(objectKey, { body, type: String(req.headers["content-type"]) })
        return res.writeHead(200, { etag: `"${hex(body).slice(0, 32)}"` }).end()
      }
      if (req.method === "GET") {
        const object = objects.get(objectKey)
        if (!object)
          return res.writeHead(404, { "content-type": "application/xml" }).end("<Error><Code>NoSuchKey</Code></Error>")
        return res.writeHead(200, { "content-type": object.type }).end(object.body)
      }
      res.writeHead(405).end()
    })
  })
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    objects,
    refused,
    close: () => new Promise<void>((resolve) => srv.close(() => resolve())),
  }
}

let s3: Awaited<ReturnType<typeof startS3>>
let server: TestServer
let dataDir: string
let alice: TestUser
let bob: TestUser

const s3Env = (over: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  S3_ENDPOINT: s3.url,
  S3_BUCKET: BUCKET,
  S3_REGION: REGION,
  S3_ACCESS_KEY_ID: ACCESS,
  S3_SECRET_ACCESS_KEY: SECRET,
  S3_FORCE_PATH_STYLE: "true",
  ...over,
})

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tidings-s3-"))
  s3 = await startS3()
  server = await startTestServer(s3Env())
  ;[alice, bob] = await Promise.all([signUp(server.url, "Alice"), signUp(server.url, "Bob")])
})
afterAll(async () => {
  await server?.close()
  await s3?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function upload(base: string, user: TestUser, kind: string, bytes: Uint8Array, name: string) {
  const data = new FormData()
  data.append("file", new Blob([new Uint8Array(bytes)]), name)
  const res = await fetch(`${base}/upload/${kind}`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}` },
    body: data,
  })
  return { status: res.status, body: (await res.json()) as { code?: number; url?: string; data?: { url: string } } }
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .png()
    .toBuffer()

describe("uploads in an S3-compatible bucket", () => {
  it("stores an avatar in the bucket with a valid SigV4 signature and serves it back", async () => {
    const res = await upload(server.url, alice, "avatar", await png(), "me.png")
    expect(res.status).toBe(200)
    const url = new URL(res.body.url!)
    const name = url.pathname.split("/").pop()!
    const object = s3.objects.get(`avatars/${name}`)
    expect(object?.type).toBe("image/webp")
    expect(s3.refused).toEqual([])
    // Nothing on the local disk.
    expect(existsSync(path.join(dataDir, "uploads"))).toBe(false)
    const served = await fetch(url)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/webp")
    expect(Buffer.from(await served.arrayBuffer()).equals(object!.body)).toBe(true)
    expect((await fetch(`${server.url}/upload/avatar/AAAAAAAAAAAAAAAAAAAAAA.webp`)).status).toBe(404)
  })

  it("keeps a chat attachment under its owner: another user's request finds nothing", async () => {
    const res = await upload(server.url, alice, "chat-attachment", new TextEncoder().encode("# Notes\nhello"), "n.md")
    expect(res.status).toBe(200)
    const url = res.body.data!.url
    const name = url.split("/").pop()!
    expect(s3.objects.get(`chat/${alice.id}/${name}`)?.body.toString()).toBe("# Notes\nhello")
    const mine = await fetch(url, { headers: { authorization: `Bearer ${alice.token}` } })
    expect(mine.status).toBe(200)
    expect(await mine.text()).toBe("# Notes\nhello")
    const theirs = await fetch(url, { headers: { authorization: `Bearer ${bob.token}` } })
    expect(theirs.status).toBe(404)
  })

  it("answers 14002 when the bucket refuses the signature, and names no secret in the log", async () => {
    const lines: string[] = []
    const wrong = await startTestServer(s3Env({ S3_SECRET_ACCESS_KEY: "not-the-secret", LOG_LEVEL: "info" }), {
      logSink: (line) => void lines.push(line),
    })
    try {
      const user = await signUp(wrong.url)
      const before = s3.objects.size
      const res = await upload(wrong.url, user, "avatar", await png(), "me.png")
      expect(res.body.code).toBe(14002)
      expect(s3.objects.size).toBe(before)
      expect(s3.refused.at(-1)).toBe("signature")
      expect(lines.join("\n")).not.toContain("not-the-secret")
    } finally {
      await wrong.close()
      s3.refused.length = 0
    }
  })

  it("gives the bucket's public URL for avatars when S3_PUBLIC_URL is set", async () => {
    const cdn = await startTestServer(s3Env({ S3_PUBLIC_URL: "https://cdn.example.test/media/" }))
    try {
      const user = await signUp(cdn.url)
      const res = await upload(cdn.url, user, "avatar", await png(), "me.png")
      expect(res.body.url).toMatch(/^https:\/\/cdn\.example\.test\/media\/avatars\/[A-Za-z0-9_-]{22}\.webp$/)
    } finally {
      await cdn.close()
    }
  })

  it("signs as AWS documents (the S3 SigV4 example GET of /test.txt) and builds virtual-hosted URLs", () => {
    const url = objectUrl(
      {
        endpoint: "https://s3.amazonaws.com",
        bucket: "examplebucket",
        region: "us-east-1",
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        pathStyle: false,
      },
      "test.txt",
    )
    expect(url.href).toBe("https://examplebucket.s3.amazonaws.com/test.txt")
    const headers = signV4(
      {
        region: "us-east-1",
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      },
      "GET",
      url,
      new Uint8Array(),
      new Date("2013-05-24T00:00:00Z"),
      { range: "bytes=0-9" },
    )
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    )
  })

  it("refuses a partial S3 configuration at start", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000", S3_BUCKET: "b" })).toThrow(/S3_/)
  })
})
