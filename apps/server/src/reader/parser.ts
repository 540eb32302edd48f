// Where feed documents are parsed: a small pool of worker threads, so parsing (the CPU-heavy part of ingest) runs
// beside the event loop instead of on it, and a hostile document that outlives its time budget or its heap limit
// costs one thread, never the server. `threads: 0` parses inline (scripts and tools).
import { Worker } from "node:worker_threads"
import type { PreparedEntries, PrepareOptions } from "./entry-rows.ts"
import { FeedParseError, type ParsedFeed, type ParseInput } from "./types.ts"

/** A document parsed for storing: the feed's own fields, and its entries already as rows (reader/entry-rows.ts). */
export interface IngestDocument {
  feed: Omit<ParsedFeed, "entries">
  entries: PreparedEntries
}

export interface FeedParser {
  parse(bytes: Uint8Array, input: ParseInput): Promise<ParsedFeed>
  /** Parses and prepares the entries as rows (capped, stored at `prepare.now`), on the parsing thread. */
  parseForIngest(bytes: Uint8Array, input: ParseInput, prepare: PrepareOptions): Promise<IngestDocument>
  /** Parsing threads alive now (starting, idle or busy). */
  threads(): number
  close(): Promise<void>
}

export interface FeedParserOptions {
  threads: number
  /** A document still parsing after this long is abandoned (its thread replaced) and fails as not a feed. */
  timeoutMs: number
  /** Heap of one parsing thread; a document that needs more fails as not a feed. */
  maxHeapMb?: number
  /** Threads idle this long are stopped (and started again by the next document): an idle server keeps none. */
  idleMs?: number
}

interface Job {
  bytes: Uint8Array
  input: ParseInput
  prepare?: PrepareOptions
  resolve(result: ParsedFeed | IngestDocument): void
  reject(error: Error): void
}

type Reply =
  | { ready: true }
  | { ok: true; result: ParsedFeed | IngestDocument }
  | { ok: false; name: string; message: string }

// A feed is at most FEED_MAX_BYTES (10 MB by default); its parse tree needs some tens of times that at worst.
const DEFAULT_HEAP_MB = 768
const DEFAULT_IDLE_MS = 60_000
const workerUrl = new URL("./parse-worker.mjs", import.meta.url)

export function createFeedParser(options: FeedParserOptions): FeedParser {
  if (options.threads <= 0) {
    // The parser is loaded on first use, here as in the threads: the API process itself never needs it otherwise.
    const inline = () => import("./parse-document.ts")
    return {
      parse: async (bytes, input) => (await inline()).parseDocument(bytes, input),
      parseForIngest: async (bytes, input, prepare) => (await inline()).parseDocument(bytes, input, prepare),
      threads: () => 0,
      close: async () => {},
    }
  }
  return new ParserPool(options)
}

class ParserPool implements FeedParser {
  private readonly starting = new Set<Worker>()
  private readonly idle: Worker[] = []
  private readonly busy = new Set<Worker>()
  private readonly waiting: Job[] = []
  private closed = false
  private retireTimer: NodeJS.Timeout | undefined

  // Threads start with the first documents and stop after idleMs without one: each holds a V8 heap and the parser.
  constructor(private readonly options: FeedParserOptions) {}

  parse(bytes: Uint8Array, input: ParseInput): Promise<ParsedFeed> {
    return this.submit(bytes, input) as Promise<ParsedFeed>
  }

  parseForIngest(bytes: Uint8Array, input: ParseInput, prepare: PrepareOptions): Promise<IngestDocument> {
    return this.submit(bytes, input, prepare) as Promise<IngestDocument>
  }

  private submit(bytes: Uint8Array, input: ParseInput, prepare?: PrepareOptions): Promise<ParsedFeed | IngestDocument> {
    if (this.closed) return Promise.reject(new Error("The feed parser is closed"))
    return new Promise((resolve, reject) => {
      this.waiting.push({ bytes, input, prepare, resolve, reject })
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retireTimer)
    for (const job of this.waiting.splice(0)) job.reject(new Error("The feed parser is closed"))
    const all = [...this.starting, ...this.idle.splice(0), ...this.busy]
    this.starting.clear()
    this.busy.clear()
    await Promise.all(all.map((worker) => worker.terminate()))
  }

  threads(): number {
    return this.size
  }

  private get size(): number {
    return this.starting.size + this.idle.length + this.busy.size
  }

  private dispatch(): void {
    if (this.closed) return
    clearTimeout(this.retireTimer)
    while (this.waiting.length && this.idle.length) this.run(this.idle.pop()!, this.waiting.shift()!)
    while (this.waiting.length > this.starting.size && this.size < this.options.threads) this.spawn()
    if (!this.waiting.length && !this.busy.size && !this.starting.size && this.idle.length) {
      this.retireTimer = setTimeout(() => this.retire(), this.options.idleMs ?? DEFAULT_IDLE_MS)
      this.retireTimer.unref()
    }
  }

  private retire(): void {
    for (const worker of this.idle.splice(0)) void worker.terminate()
  }

  /** A thread counts as started once it has loaded the parser, so the time budget covers parsing alone. */
  private spawn(): void {
    const worker = new Worker(workerUrl, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? DEFAULT_HEAP_MB },
    })
    // The pool's own timer keeps the process alive while a job runs; an idle thread must not.
    worker.unref()
    this.starting.add(worker)
    const failed = (error: Error) => {
      worker.off("message", ready)
      this.starting.delete(worker)
      void worker.terminate()
      // A thread that cannot even start (a broken install) fails the waiting documents instead of hanging them.
      if (!this.closed && !this.idle.length && !this.busy.size) {
        for (const job of this.waiting.splice(0))
          job.reject(new Error(`The feed parser cannot start: ${error.message}`))
      }
    }
    const ready = () => {
      worker.off("error", failed)
      this.starting.delete(worker)
      if (this.closed) return void worker.terminate()
      this.idle.push(worker)
      this.dispatch()
    }
    worker.once("message", ready)
    worker.once("error", failed)
    // A job's own listeners report its thread's failure; these keep a thread that dies while idle from crashing
    // the process (an 'error' without a listener would) and from being handed the next document.
    worker.on("error", () => {})
    worker.on("exit", (code) => {
      if (this.starting.has(worker)) return failed(new Error(`the thread exited with ${code} while starting`))
      const at = this.idle.indexOf(worker)
      if (at >= 0) this.idle.splice(at, 1)
    })
  }

  private run(worker: Worker, job: Job): void {
    this.busy.add(worker)
    // Copied so the transfer cannot detach a buffer the caller (or Node's buffer pool) still uses.
    const bytes = new Uint8Array(job.bytes)
    let settled = false
    const finish = (outcome: () => void, keep: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off("message", onMessage)
      worker.off("error", onError)
      worker.off("exit", onExit)
      this.busy.delete(worker)
      if (keep && !this.closed) this.idle.push(worker)
      else void worker.terminate()
      outcome()
      this.dispatch()
    }
    const onMessage = (reply: Reply) => {
      if ("ready" in reply) return
      finish(() => (reply.ok ? job.resolve(reply.result) : job.reject(rebuildError(reply))), true)
    }
    const onError = (error: Error) => {
      const message =
        (error as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY"
          ? "The document needs more memory to parse than a feed may use"
          : `The parser failed: ${error.message}`
      finish(() => job.reject(new FeedParseError(message)), false)
    }
    const onExit = () => finish(() => job.reject(new Error("The parsing thread stopped")), false)
    const timer = setTimeout(
      () => finish(() => job.reject(new FeedParseError("The document took too long to parse")), false),
      this.options.timeoutMs,
    )
    worker.on("message", onMessage)
    worker.on("error", onError)
    worker.on("exit", onExit)
    worker.postMessage({ bytes, input: job.input, prepare: job.prepare }, [bytes.buffer])
  }
}

function rebuildError(reply: { name: string; message: string }): Error {
  if (reply.name === "FeedParseError") return new FeedParseError(reply.message)
  const error = new Error(reply.message)
  error.name = reply.name
  return error
}
