// An S3-compatible bucket for uploads (AWS S3, MinIO, R2, Garage…): PUT and GET of one object with AWS Signature
// Version 4, over undici, no SDK. The endpoint is the operator's own configuration (like DATABASE_URL), so a bucket
// on the LAN needs no ALLOW_PRIVATE_NETWORK; nothing a user sends ever becomes part of its URL but a random name.
import { createHash, createHmac } from "node:crypto"
import { request } from "undici"
import type { Config } from "../config.ts"

export interface S3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Path-style URLs (endpoint/bucket/key, MinIO's default) rather than virtual-hosted (bucket.endpoint/key). */
  pathStyle: boolean
  /** Where the bucket's public objects (avatars) are served from, if not through this server. */
  publicUrl?: string
}

const TIMEOUT_MS = 30_000

/** The bucket when S3_ENDPOINT, S3_BUCKET and both keys are set (config.ts checks they come together). */
export function s3ConfigOf(config: Config): S3Config | undefined {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)
    return undefined
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    pathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  }
}

/** RFC 3986 encoding of each path segment, as SigV4 wants it (S3: encoded once, slashes kept). */
const encodePath = (key: string) =>
  key
    .split("/")
    .map((part) =>
      encodeURIComponent(part).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join("/")

export function objectUrl(s3: S3Config, key: string): URL {
  const base = new URL(s3.endpoint)
  const prefix = base.pathname.replace(/\/+$/, "")
  if (s3.pathStyle) return new URL(`${base.origin}${prefix}/${encodeURIComponent(s3.bucket)}/${encodePath(key)}`)
  return new URL(`${base.protocol}//${s3.bucket}.${base.host}${prefix}/${encodePath(key)}`)
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex")
const hmac = (key: Uint8Array | string, data: string) => createHmac("sha256", key).update(data).digest()

/** The headers (with Authorization) that sign a request without a query string (RFC: AWS SigV4, S3 flavour). */
export function signV4(
  s3: Pick<S3Config, "region" | "accessKeyId" | "secretAccessKey">,
  method: string,
  url: URL,
  payload: Uint8Array,
  now: Date,
  extra: Record<string, string> = {},
): Record<string, string> {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")
  const day = amzDate.slice(0, 8)
  const payloadHash = sha256(payload)
  const headers: Record<string, string> = {
    host: url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k.toLowerCase(), v.trim()])),
  }
  const names = Object.keys(headers).sort()
  const canonical = [
    method,
    url.pathname,
    "",
    ...names.map((name) => `${name}:${headers[name]}`),
    "",
    names.join(";"),
    payloadHash,
  ].join("\n")
  const scope = `${day}/${s3.region}/s3/aws4_request`
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n")
  const key = hmac(hmac(hmac(hmac(`AWS4${s3.secretAccessKey}`, day), s3.region), "s3"), "aws4_request")
  const signature = createHmac("sha256", key).update(toSign).digest("hex")
  const { host: _host, ...rest } = headers
  return {
    ...rest,
    authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`,
  }
}

export class S3Error extends Error {
  override name = "S3Error"
}

export async function putObject(s3: S3Config, key: string, bytes: Uint8Array, contentType: string, now: Date) {
  const url = objectUrl(s3, key)
  const extra = { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" }
  const response = await request(url, {
    method: "PUT",
    headers: signV4(s3, "PUT", url, bytes, now, extra),
    body: bytes,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  await response.body.dump({ limit: 64 * 1024 })
  // The status only: an S3 error body may echo the request's details.
  if (response.statusCode < 200 || response.statusCode >= 300)
    throw new S3Error(`PUT answered HTTP ${response.statusCode}`)
}

/** The object's bytes, or null when the bucket has no such key. */
export async function getObject(s3: S3Config, key: string, now: Date): Promise<Uint8Array | null> {
  const url = objectUrl(s3, key)
  const response = await request(url, {
    method: "GET",
    headers: signV4(s3, "GET", url, new Uint8Array(), now),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (response.statusCode === 404) {
    await response.body.dump({ limit: 64 * 1024 })
    return null
  }
  if (response.statusCode < 200 || response.statusCode >= 300) {
    await response.body.dump({ limit: 64 * 1024 })
    throw new S3Error(`GET answered HTTP ${response.statusCode}`)
  }
  return new Uint8Array(await response.body.arrayBuffer())
}
