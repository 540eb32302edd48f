// Response compression: which encoding a client takes, and a middleware that compresses API answers (JSON, NDJSON,
// OPML, text) of 1 KiB or more. Static files are compressed at build time instead (scripts/precompress.mjs, web.ts).
import { Readable } from "node:stream"
import type { ReadableStream as NodeReadableStream } from "node:stream/web"
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from "node:zlib"
import type { MiddlewareHandler } from "hono"

export type Encoding = "br" | "gzip"

/** The best of `offered` that Accept-Encoding allows (q > 0, explicitly or through `*`), in `offered`'s order. */
export function pickEncoding(header: string | undefined, offered: readonly Encoding[]): Encoding | undefined {
  if (!header) return undefined
  const q = new Map<string, number>()
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";")
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
    q.set(name!.trim(), weight ? Number(weight.slice(2)) || 0 : 1)
  }
  return offered.find((enc) => (q.get(enc) ?? q.get("*") ?? 0) > 0)
}

const COMPRESSIBLE = /^(application\/(json|x-ndjson|xml|[\w.+-]*\+(json|xml))|text\/)/i

/** Bytes below which compressing costs more than it saves. */
export const COMPRESS_THRESHOLD = 1024

// Dynamic answers favour speed: on a 139 KB entry page brotli quality 2 takes 144 us for 4.0 KB where quality 4
// takes 244 us for 3.6 KB, and gzip level 3 takes 122 us for 8.4 KB where level 6 takes 382 us for 7.0 KB.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } }
const GZIP = { level: 3 }
/**
 * Answers up to this size are compressed in one synchronous call: for an 11 KB JSON answer that costs 60 µs of the
 * event loop, against 150 to 300 µs of CPU for the asynchronous call (thread-pool hand-off and stream machinery).
 */
const WHOLE_MAX = 512 * 1024
const compressWhole = {
  br: (bytes: Uint8Array) =>
    brotliCompressSync(bytes, { params: { ...BROTLI.params, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }),
  gzip: (bytes: Uint8Array) => gzipSync(bytes, GZIP),
}

/**
 * The text of an answer that is already whole in memory: Hono's JSON answers are @hono/node-server's lightweight
 * responses, which keep their string body under a private symbol until something asks for the body as a stream.
 * Reading it there spares every answer a trip through web streams; anything else answers undefined.
 */
export function wholeBody(res: Response): string | Uint8Array | undefined {
  const cache = Object.getOwnPropertySymbols(res).find((key) => key.description === "cache")
  const body = cache ? (res as unknown as Record<symbol, unknown[]>)[cache]?.[1] : undefined
  return typeof body === "string" || body instanceof Uint8Array ? body : undefined
}

/**
 * Compresses answers of COMPRESS_THRESHOLD bytes or more with brotli or gzip, both at fast settings. An answer whole in
 * memory (JSON) is compressed in one call on libuv's thread pool, off the event loop; any other body's size is
 * learned by reading up to the threshold, and larger ones (streams) are compressed as they flow, never held whole.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const type = res.headers.get("content-type") ?? ""
    // Before anything reads `res.body`, which turns a lightweight answer into a streaming one.
    const whole = wholeBody(res)
    if (c.req.method === "HEAD" || res.status === 204 || res.status === 206) return
    if (whole === undefined && !res.body) return
    if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(type)) return
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return
    const length = res.headers.get("content-length")
    if (length && Number(length) < COMPRESS_THRESHOLD) return
    const vary = res.headers.get("vary")
    const headers = new Headers(res.headers)
    if (!/accept-encoding/i.test(vary ?? "")) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding")
    const encoding = pickEncoding(c.req.header("accept-encoding"), ["br", "gzip"])
    const encoded = () => {
      headers.set("content-encoding", encoding!)
      headers.delete("content-length")
      const etag = headers.get("etag")
      if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`)
    }
    if (whole !== undefined) {
      const bytes = typeof whole === "string" ? Buffer.from(whole) : whole
      if (!encoding || bytes.byteLength < COMPRESS_THRESHOLD) {
        c.res = new Response(bytes, { status: res.status, headers })
        return
      }
      encoded()
      const body = bytes.byteLength <= WHOLE_MAX ? compressWhole[encoding](bytes) : await compressLarge(bytes, encoding)
      c.res = new Response(body, { status: res.status, headers })
      return
    }
    const { head, rest } = await readHead(res.body!, COMPRESS_THRESHOLD)
    if (!encoding || !rest) {
      c.res = new Response(rest ? joinStream(head, rest) : Buffer.concat(head), { status: res.status, headers })
      return
    }
    encoded()
    const compressor = encoding === "br" ? createBrotliCompress(BROTLI) : createGzip(GZIP)
    const source = Readable.fromWeb(joinStream(head, rest) as NodeReadableStream<Uint8Array>)
    const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>
    c.res = new Response(body, { status: res.status, headers })
  }
}

/** A large answer is compressed on the thread pool, so the event loop never stalls for it. */
function compressLarge(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out))
    if (encoding === "br") brotliCompress(bytes, BROTLI, done)
    else gzip(bytes, GZIP, done)
  })
}

/** Up to `limit` bytes from the start of `body`; `rest` is the unread remainder, absent when the body has ended. */
async function readHead(body: ReadableStream<Uint8Array>, limit: number) {
  const reader = body.getReader()
  const head: Uint8Array[] = []
  let size = 0
  while (size < limit) {
    const { done, value } = await reader.read()
    if (done) return { head, rest: undefined }
    head.push(value)
    size += value.byteLength
  }
  return { head, rest: reader }
}

function joinStream(head: Uint8Array[], rest: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  let i = 0
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (i < head.length) return controller.enqueue(head[i++]!)
      const { done, value } = await rest.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => rest.cancel(reason),
  })
}
