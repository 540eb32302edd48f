// An OpenAI-compatible model server on loopback for the AI tests: chat completions (plain and streamed, text and
// tool calls), the model list, speech (/v1/audio/speech, answering a short WAV tone) and embeddings (a word-concept
// vector, see stubEmbedding). It counts requests, keeps what it was sent, and can answer slowly, fail, stall, break
// off mid-stream, or say what a test wants.
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface ChatToolCall {
  id: string
  type: "function"
  function: { name: string; arguments: string }
}

export interface ChatMessageBody {
  role: string
  /** Text; null for an assistant turn that only calls tools; a list of parts when a user message has images. */
  content: string | null | { type: string; text?: string; image_url?: { url: string } }[]
  tool_calls?: ChatToolCall[]
  tool_call_id?: string
}

export interface ChatRequestBody {
  model: string
  messages: ChatMessageBody[]
  stream?: boolean
  max_tokens?: number
  tools?: { type: "function"; function: { name: string; description?: string; parameters: unknown } }[]
}

/** One answer: text, or tool calls (the model then expects their results in the next request). */
export interface StubTurn {
  text?: string
  toolCalls?: { name: string; arguments: unknown }[]
}

export interface StubBehaviour {
  /** The answer's text (default: "stub answer to: <last user message, shortened>"). */
  reply?: (body: ChatRequestBody) => string
  /** What to answer, text or tool calls; wins over `reply`. */
  turn?: (body: ChatRequestBody) => StubTurn
  /** Wait this long before answering. */
  delayMs?: number
  /** Wait this long between streamed chunks. */
  chunkDelayMs?: number
  /** Streamed answers: after this many text chunks, cut the connection (a model server that dies mid-answer). */
  breakAfterChunks?: number
  /** Answer with this HTTP status and an OpenAI-style error body. */
  failStatus?: number
  /** Tokens reported as used (default: 10 in, 5 out). */
  usage?: { prompt_tokens: number; completion_tokens: number }
}

export interface SpeechRequestBody {
  model: string
  input: string
  voice: string
  response_format?: string
}

/** Three seconds of a 440 Hz tone, 8 kHz 8-bit mono WAV (24 KB): playable by any browser, long enough to pause. */
export const SPEECH_AUDIO: Buffer = (() => {
  const rate = 8000
  const samples = Buffer.alloc(rate * 3)
  for (let i = 0; i < samples.length; i++) samples[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate))
  const header = Buffer.alloc(44)
  header.write("RIFF", 0)
  header.writeUInt32LE(36 + samples.length, 4)
  header.write("WAVEfmt ", 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28)
  header.writeUInt16LE(1, 32)
  header.writeUInt16LE(8, 34)
  header.write("data", 36)
  header.writeUInt32LE(samples.length, 40)
  return Buffer.concat([header, samples])
})()

/** Words that mean the same to the stub's embedding model: each group is one dimension of meaning. */
const CONCEPTS: readonly string[][] = [
  ["car", "cars", "automobile", "automobiles", "vehicle", "vehicles", "sedan", "hatchback"],
  ["kitchen", "kitchens", "cooking", "recipe", "recipes", "oven"],
  ["garden", "gardens", "radish", "radishes", "soil", "seedlings"],
]
const EMBEDDING_DIMENSIONS = 32

/**
 * A deterministic stand-in for an embedding model: words of one concept share a dimension, any other word goes to a
 * dimension by its hash, normalised; so "automobiles" lies close to a text about cars that shares no word with it.
 */
export function stubEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0)
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = CONCEPTS.findIndex((group) => group.includes(word))
    let dimension = concept
    if (concept < 0) {
      let hash = 7
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
      dimension = CONCEPTS.length + (hash % (EMBEDDING_DIMENSIONS - CONCEPTS.length))
    }
    vector[dimension]! += concept < 0 ? 0.3 : 1
  }
  const norm = Math.hypot(...vector) || 1
  return vector.map((value) => value / norm)
}

export interface EmbeddingRequestBody {
  model: string
  input: string | string[]
}

export interface OpenAiStub {
  /** The base URL to configure (ends in /v1). */
  baseUrl: string
  /** Chat completion requests received (also those that failed or were cut off). */
  calls(): number
  requests: { body: ChatRequestBody; authorization: string | undefined }[]
  /** Speech requests received. */
  speech: { body: SpeechRequestBody; authorization: string | undefined }[]
  /** Embedding requests received. */
  embeddings: { body: EmbeddingRequestBody }[]
  set(behaviour: StubBehaviour): void
  reset(): void
  close(): Promise<void>
}

export async function startOpenAiStub(initial: StubBehaviour = {}): Promise<OpenAiStub> {
  let behaviour = initial
  const requests: OpenAiStub["requests"] = []
  const speech: OpenAiStub["speech"] = []
  const embeddings: OpenAiStub["embeddings"] = []
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? "/").split("?")[0]
    if (req.method === "GET" && path === "/v1/models") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ id: "stub-model" }] }))
      return
    }
    if (req.method === "POST" && path === "/v1/audio/speech") {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      speech.push({
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
        authorization: req.headers.authorization,
      })
      if (behaviour.delayMs) await sleep(behaviour.delayMs)
      if (behaviour.failStatus) {
        res.writeHead(behaviour.failStatus, { "content-type": "application/json" }).end('{"error":{"message":"stub"}}')
        return
      }
      res.writeHead(200, { "content-type": "audio/wav", "content-length": SPEECH_AUDIO.length }).end(SPEECH_AUDIO)
      return
    }
    if (req.method === "POST" && path === "/v1/embeddings") {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as EmbeddingRequestBody
      embeddings.push({ body })
      if (behaviour.failStatus) {
        res.writeHead(behaviour.failStatus, { "content-type": "application/json" }).end('{"error":{"message":"stub"}}')
        return
      }
      const inputs = Array.isArray(body.input) ? body.input : [body.input]
      const tokens = inputs.reduce((sum, text) => sum + text.split(/\s+/).length, 0)
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          object: "list",
          data: inputs.map((text, index) => ({ object: "embedding", index, embedding: stubEmbedding(text) })),
          model: body.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      )
      return
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"message":"not found"}}')
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequestBody
    requests.push({ body, authorization: req.headers.authorization })
    const b = behaviour
    if (b.delayMs) await sleep(b.delayMs)
    if (res.destroyed) return
    if (b.failStatus) {
      res
        .writeHead(b.failStatus, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "stub failure", type: "server_error" } }))
      return
    }
    const turn = b.turn ? b.turn(body) : { text: (b.reply ?? defaultReply)(body) }
    const usage = b.usage ?? { prompt_tokens: 10, completion_tokens: 5 }
    const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: body.model }
    const calls = (turn.toolCalls ?? []).map((call, i) => ({
      id: `call_${requests.length}_${i}`,
      type: "function" as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }))
    if (body.stream) {
      await streamAnswer(res, b, base, turn.text ?? "", calls, usage)
      return
    }
    const message = { role: "assistant", content: turn.text ?? null, ...(calls.length ? { tool_calls: calls } : {}) }
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        ...base,
        object: "chat.completion",
        choices: [{ index: 0, message, finish_reason: calls.length ? "tool_calls" : "stop" }],
        usage: { ...usage, total_tokens: total(usage) },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls: () => requests.length,
    requests,
    speech,
    embeddings,
    set: (b) => {
      behaviour = b
    },
    reset: () => {
      behaviour = initial
      requests.length = 0
      speech.length = 0
      embeddings.length = 0
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The answer as OpenAI streams it: text in pieces of 8 characters, each tool call's arguments in two pieces. */
async function streamAnswer(
  res: http.ServerResponse,
  b: StubBehaviour,
  base: Record<string, unknown>,
  text: string,
  calls: ChatToolCall[],
  usage: { prompt_tokens: number; completion_tokens: number },
) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
  const send = async (choices: unknown[], extra: Record<string, unknown> = {}) => {
    if (res.destroyed) return
    res.write(`data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices, ...extra })}\n\n`)
    if (b.chunkDelayMs) await sleep(b.chunkDelayMs)
  }
  await send([{ index: 0, delta: { role: "assistant", content: "" } }])
  let sent = 0
  for (const piece of text.match(/.{1,8}/gs) ?? []) {
    if (b.breakAfterChunks !== undefined && sent >= b.breakAfterChunks) {
      res.destroy()
      return
    }
    await send([{ index: 0, delta: { content: piece } }])
    sent++
  }
  for (const [index, call] of calls.entries()) {
    const args = call.function.arguments
    const half = Math.ceil(args.length / 2)
    await send([
      {
        index: 0,
        delta: {
          tool_calls: [{ index, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } }],
        },
      },
    ])
    for (const piece of [args.slice(0, half), args.slice(half)])
      await send([{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] } }])
  }
  await send([{ index: 0, delta: {}, finish_reason: calls.length ? "tool_calls" : "stop" }])
  await send([], { usage: { ...usage, total_tokens: total(usage) } })
  if (!res.destroyed) res.end("data: [DONE]\n\n")
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const total = (u: { prompt_tokens: number; completion_tokens: number }) => u.prompt_tokens + u.completion_tokens

/** The text of a message, whether its content is a string or a list of parts. */
export function textOf(message: ChatMessageBody | undefined): string {
  const content = message?.content
  if (typeof content === "string") return content
  return (content ?? []).map((p) => p.text ?? "").join("")
}

function defaultReply(body: ChatRequestBody): string {
  const last = body.messages.filter((m) => m.role === "user").at(-1)
  return `stub answer to: ${textOf(last).slice(0, 40)}`
}
