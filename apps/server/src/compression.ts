// Response compression: which encoding a client takes, and a middleware that compresses API answers (JSON, NDJSON,
// OPML, text) of 1 KiB or more. Static files are compressed at build time instead (scripts/precompress.mjs, web.ts).
import { Readable } from "node:stream"
import type { ReadableStream as NodeReadableStream } from "node:stream/web"
import { constants, createBrotliCompress, createGzip } from "node:zlib"
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

/**
 * Compresses answers of COMPRESS_THRESHOLD bytes or more with brotli (fast setting) or gzip. Hono's JSON answers
 * carry no Content-Length, so the size is learned by reading up to the threshold: small answers go out as they are,
 * larger ones (streams included) are compressed as they flow, never held whole.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    const type = res.headers.get("content-type") ?? ""
    if (c.req.method === "HEAD" || !res.body || res.status === 204 || res.status === 206) return
    if (res.headers.has("content-encoding") || !COMPRESSIBLE.test(type)) return
    if (/no-transform/i.test(res.headers.get("cache-control") ?? "")) return
    const length = res.headers.get("content-length")
    if (length && Number(length) < COMPRESS_THRESHOLD) return
    const vary = res.headers.get("vary")
    const headers = new Headers(res.headers)
    if (!/accept-encoding/i.test(vary ?? "")) headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding")
    const encoding = pickEncoding(c.req.header("accept-encoding"), ["br", "gzip"])
    const { head, rest } = await readHead(res.body, COMPRESS_THRESHOLD)
    if (!encoding || !rest) {
      c.res = new Response(rest ? joinStream(head, rest) : Buffer.concat(head), { status: res.status, headers })
      return
    }
    headers.set("content-encoding", encoding)
    headers.delete("content-length")
    const etag = headers.get("etag")
    if (etag && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`)
    const compressor =
      encoding === "br"
        ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : createGzip({ level: 6 })
    const source = Readable.fromWeb(joinStream(head, rest) as NodeReadableStream<Uint8Array>)
    const body = Readable.toWeb(source.pipe(compressor)) as unknown as ReadableStream<Uint8Array>
    c.res = new Response(body, { status: res.status, headers })
  }
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
