// One chat answer, streamed to the client in the AI SDK's UI-message protocol (what useChat reads) and recorded as
// it goes: the assistant message (already stored pending) becomes streaming at the first chunk, then completed with
// its parts, or error with a message and no partial parts. The recording reads its own copy of the stream, so a
// client that stops (closes the request) still gets what was said so far saved, marked stopped.
import type { LanguageModelUsage, StepResult, ToolSet, UIMessage, UIMessageChunk } from "ai"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { addAiUsage } from "../storage/ai.ts"
import { advanceChatMessage, updateChatSession } from "../storage/ai-chat.ts"
import { dayOf, providerError } from "./complete.ts"
import { type AiProvider, languageModel } from "./provider.ts"

/** Model calls per answer: tool calls and their results take one step each, the final text another. */
export const MAX_STEPS = 5

export interface ChatRun {
  deps: Deps
  provider: AiProvider
  userId: string
  chatId: string
  assistantId: string
  system: string
  /** The conversation, ending with the user's message. */
  messages: UIMessage[]
  tools: ToolSet
  /** Aborts when the client closes the request (stop). */
  requestSignal: AbortSignal
  /** A title for a new session, sent as a `data-generated-title` chunk if it is ready before the answer ends. */
  title?: Promise<string | undefined>
}

type Ending = { kind: "completed" } | { kind: "stopped" } | { kind: "failed"; error: AppError }

/** The Response: SSE of UI-message chunks. It ends once the answer is recorded, so a reload then shows it. */
export async function streamChat(run: ChatRun): Promise<Response> {
  const [sdk, model] = await Promise.all([import("ai"), languageModel(run.provider)])
  const messages = await sdk.convertToModelMessages(run.messages, { tools: run.tools, ignoreIncompleteToolCalls: true })
  const { deps } = run
  const timeoutMs = deps.config.AI_TIMEOUT_MS
  const abort = new AbortController()
  let ending: Ending | undefined
  const fail = (error: unknown) => {
    ending ??= { kind: "failed", error: error instanceof AppError ? error : providerError(error, timeoutMs) }
    return ending.kind === "failed" ? ending.error.message : "The AI model failed"
  }
  const stop = () => {
    ending ??= { kind: "stopped" }
    abort.abort()
  }
  if (run.requestSignal.aborted) stop()
  else run.requestSignal.addEventListener("abort", stop, { once: true })
  // A model that goes quiet (before its first chunk or between two) for AI_TIMEOUT_MS is given up on.
  let idle: NodeJS.Timeout | undefined
  const kick = () => {
    clearTimeout(idle)
    idle = setTimeout(() => {
      fail(new AppError(ErrorCode.InternalError, { message: timeoutMessage(timeoutMs) }))
      abort.abort()
    }, timeoutMs)
  }
  const steps: StepResult<ToolSet>[] = []
  kick()
  const result = sdk.streamText({
    model,
    system: run.system,
    messages,
    tools: run.tools,
    stopWhen: sdk.stepCountIs(MAX_STEPS),
    // A retry would repeat what the reader already saw streaming; they can retry themselves.
    maxRetries: 0,
    abortSignal: abort.signal,
    onStepFinish: (step) => {
      steps.push(step)
    },
    onError: ({ error }) => {
      fail(error)
    },
  })
  let answered: () => void = () => {}
  const answerEnded = new Promise<void>((resolve) => {
    answered = resolve
  })
  const watched = result
    .toUIMessageStream({
      originalMessages: run.messages,
      generateMessageId: () => run.assistantId,
      onError: fail,
      messageMetadata: ({ part }) => (part.type === "finish" ? { model: run.provider.model } : undefined),
    })
    .pipeThrough(
      new TransformStream<UIMessageChunk, UIMessageChunk>({
        transform(chunk, controller) {
          kick()
          // A time-out aborts the model; the client is told why rather than that it stopped.
          if (chunk.type === "abort" && ending?.kind === "failed") {
            controller.enqueue({ type: "error", errorText: ending.error.message })
            return
          }
          controller.enqueue(chunk)
        },
        flush() {
          clearTimeout(idle)
          // The model is done: a client leaving while the answer is being stored did not stop it.
          ending ??= { kind: "completed" }
          answered()
        },
      }),
    )
  const stream = sdk.createUIMessageStream({
    execute: async ({ writer }) => {
      writer.merge(watched)
      const title = run.title && (await Promise.race([run.title, answerEnded]))
      if (title) writer.write({ type: "data-generated-title", data: title, transient: true })
    },
    onError: fail,
  })
  const [toClient, toRecorder] = stream.tee()
  const recorded = record(run, sdk.readUIMessageStream, toRecorder, () => ending ?? { kind: "completed" }, steps)
    .catch((error) => deps.log.error("chat answer not recorded", { chatId: run.chatId, error }))
    .finally(() => {
      clearTimeout(idle)
      run.requestSignal.removeEventListener("abort", stop)
    })
  const body = toClient
    .pipeThrough(new sdk.JsonToSseTransformStream())
    .pipeThrough(new TextEncoderStream())
    .pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        async flush() {
          await recorded
        },
      }),
    )
  return new Response(body, {
    headers: {
      ...sdk.UI_MESSAGE_STREAM_HEADERS,
      // no-transform: the compression middleware leaves it alone, and every chunk reaches the client at once.
      "cache-control": "no-cache, no-transform",
    },
  })
}

function timeoutMessage(ms: number) {
  return `The AI model did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} seconds` : `${ms} ms`}`
}

/** Reads the answer as it builds up, marks it streaming at its first part, and stores how it ended. */
async function record(
  run: ChatRun,
  read: typeof import("ai").readUIMessageStream,
  stream: ReadableStream<UIMessageChunk>,
  endingOf: () => Ending,
  steps: StepResult<ToolSet>[],
) {
  const { deps, chatId, assistantId } = run
  let last: UIMessage | undefined
  let streaming = false
  for await (const message of read({ stream, onError: () => {} })) {
    last = message
    if (!streaming && message.parts.some((p) => p.type !== "step-start")) {
      streaming = true
      await advanceChatMessage(deps.db, chatId, assistantId, { status: "streaming" })
    }
  }
  const ending = endingOf()
  const now = deps.now()
  const usage = totalUsage(steps)
  const meta = { model: run.provider.model, usage, steps: steps.length }
  if (ending.kind === "failed") {
    // No partial parts: what a failed answer said so far may be cut mid-sentence or mid tool call.
    await advanceChatMessage(deps.db, chatId, assistantId, {
      status: "error",
      parts: [],
      metadata: { ...meta, error: ending.error.message, code: ending.error.code },
      finishedAt: now,
    })
  } else {
    const parts = ending.kind === "stopped" ? settled(last?.parts ?? []) : (last?.parts ?? [])
    await advanceChatMessage(deps.db, chatId, assistantId, {
      status: "completed",
      parts,
      metadata: { ...meta, ...(ending.kind === "stopped" ? { stopped: true } : {}) },
      finishedAt: now,
    })
  }
  // A stopped answer ended where the reader was (they stopped it, or left while it was being written): there is
  // nothing in it they have not been shown, so it is not a new answer for /ai's unread mark.
  await updateChatSession(deps.db, run.userId, chatId, {
    updatedAt: now,
    ...(ending.kind === "stopped" ? { lastSeenAt: now } : {}),
  })
  if (steps.length)
    await addAiUsage(deps.db, {
      userId: run.userId,
      day: dayOf(now),
      operation: "chat",
      model: run.provider.model,
      provider: run.provider.source,
      tokensIn: usage.inputTokens,
      tokensOut: usage.outputTokens,
      at: now,
    })
}

function totalUsage(steps: { usage: LanguageModelUsage }[]) {
  return steps.reduce(
    (n, s) => ({
      inputTokens: n.inputTokens + (s.usage.inputTokens ?? 0),
      outputTokens: n.outputTokens + (s.usage.outputTokens ?? 0),
    }),
    { inputTokens: 0, outputTokens: 0 },
  )
}

/**
 * What a stopped answer keeps: text and reasoning as far as they got (marked done), tool calls that have their
 * result; a tool call cut off before its result is dropped, as the model could not be shown it again.
 */
function settled(parts: UIMessage["parts"]): UIMessage["parts"] {
  return parts.flatMap((p): UIMessage["parts"] => {
    if (p.type === "text" || p.type === "reasoning") return [{ ...p, state: "done" }]
    if (p.type.startsWith("tool-") || p.type === "dynamic-tool") {
      const state = (p as { state?: string }).state
      return state === "output-available" || state === "output-error" ? [p] : []
    }
    return [p]
  })
}
