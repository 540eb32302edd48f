// /ai: summaries, translation, titles, usage, the chat configuration and the user's own model provider. Every call
// needs a model (the user's or the server's): without one it answers code 5 naming what to set.
import { Hono } from "hono"
import { z } from "zod"
import type { Caller } from "../ai/complete.ts"
import { TARGET_LANGUAGES } from "../ai/language.ts"
import { createAiRuntime } from "../ai/runtime.ts"
import type { Deps } from "../deps.ts"
import { bodyOf, id, intIn, MAX_LIST, parse, queryOf, stringList, view } from "../http.ts"
import { newId } from "../ids.ts"
import { chat } from "../services/ai-chat.ts"
import { getOwnProvider, removeOwnProvider, saveOwnProvider, testProvider } from "../services/ai-provider.ts"
import { speak } from "../services/ai-speech.ts"
import { getSummary } from "../services/ai-summary.ts"
import { summariseTimeline } from "../services/ai-timeline.ts"
import { summaryTitle } from "../services/ai-title.ts"
import { getTranslation, TRANSLATION_FIELDS, translateBatch } from "../services/ai-translation.ts"
import { getAnalytics, getChatConfig, getUsage } from "../services/ai-usage.ts"
import type { TranslationField } from "../storage/ai.ts"
import { chatId } from "./ai-chat-sessions.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const language = z.enum(TARGET_LANGUAGES)
/** "title,content", or the same as a list; unknown names are refused. */
const fields = z
  .union([z.string(), z.array(z.string()).max(8)])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(TRANSLATION_FIELDS as [TranslationField, ...TranslationField[]])))

const summaryInput = z.object({
  id,
  language: language.optional(),
  target: z.enum(["content", "readabilityContent"]).optional(),
})
const translationInput = z.object({ id, language, fields: fields.optional() })
const batchInput = z.object({ ids: z.array(id).min(1).max(MAX_LIST), language, fields: fields.optional() })
const titleInput = z.object({
  chatId: z.string().max(64).optional(),
  messages: z
    .array(z.object({ role: z.string().max(32), content: z.unknown().optional(), parts: z.unknown().optional() }))
    .max(200),
})
const timelineSummaryInput = z.object({
  view: view.optional(),
  feedId: id.optional(),
  feedIdList: stringList.optional(),
  listId: id.optional(),
  language: language.optional(),
})
const analyticsInput = z.object({ days: intIn(1, 365).optional() })
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000)
const providerFields = z.object({
  baseUrl: httpUrl,
  model: z.string().trim().min(1).max(200),
  fastModel: z.string().trim().min(1).max(200).nullable().optional(),
  speechModel: z.string().trim().min(1).max(200).nullable().optional(),
  speechVoice: z.string().trim().min(1).max(100).nullable().optional(),
  apiKey: z.string().trim().min(1).max(4000).nullable().optional(),
})
const providerInput = providerFields.refine((v) => !v.speechVoice || v.speechModel, {
  message: "name the speech model this voice is for",
  path: ["speechVoice"],
})
const testInput = providerFields.partial()
const ttsInput = z
  .object({
    entryId: id.optional(),
    text: z.string().max(100_000).optional(),
    voice: z.string().trim().min(1).max(100).optional(),
    source: z.enum(["auto", "content", "readabilityContent", "summary"]).optional(),
  })
  .refine((v) => (v.entryId === undefined) !== (v.text === undefined), {
    message: "send entryId or text",
    path: ["entryId"],
  })

/** A UI message part: any type (the service decides which it takes), with text, file and data fields checked. */
const messagePart = z
  .looseObject({
    type: z.string().min(1).max(100),
    text: z.string().max(100_000).optional(),
    url: z.string().optional(),
    mediaType: z.string().max(200).optional(),
  })
  .refine((p) => p.type !== "text" || p.text !== undefined, "a text part needs its text")
  .refine(
    (p) => p.type !== "file" || (p.url !== undefined && p.mediaType !== undefined),
    "a file needs url and mediaType",
  )
const chatMessage = z.object({
  id: z.string().min(1).max(100).optional(),
  role: z.enum(["user", "assistant", "system"]),
  parts: z.array(messagePart).max(100).optional(),
  content: z.string().max(100_000).optional(),
  metadata: z.unknown().optional(),
})
const ids = z.array(id).max(20)
const chatInput = z
  .object({
    // useChat always sends the session id; a script using the SDK's ai.chat may not (a new session then).
    id: chatId.optional(),
    messages: z.array(chatMessage).min(1).max(1000).optional(),
    message: chatMessage.optional(),
    trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
    messageId: z.string().max(100).optional(),
    model: z.string().max(200).optional(),
    context: z
      .object({
        mainEntryId: id.optional(),
        referEntryIds: ids.optional(),
        entryIds: ids.optional(),
        referFeedIds: ids.optional(),
        feedIds: ids.optional(),
        dates: z
          .array(z.object({ start: z.string().min(1).max(40), end: z.string().max(40).optional() }))
          .max(10)
          .optional(),
        selectedText: z.string().max(10_000).optional(),
      })
      .optional(),
  })
  .refine((v) => v.messages || v.message, { message: "send messages (or message)", path: ["messages"] })

export function aiRoutes(deps: Deps) {
  const ai = createAiRuntime(deps)
  const callerOf = (c: Parameters<typeof userOf>[0]): Caller => ({ userId: userOf(c), role: c.get("session").role })
  return new Hono<AppEnv>()
    .get("/summary", async (c) => c.json(ok(await getSummary(ai, callerOf(c), parse(summaryInput, queryOf(c))))))
    .get("/translation", async (c) =>
      c.json(ok(await getTranslation(ai, callerOf(c), parse(translationInput, queryOf(c))))),
    )
    .post("/translation/batch", async (c) => {
      const stream = await translateBatch(ai, callerOf(c), parse(batchInput, await bodyOf(c)))
      return c.body(stream, 200, { "content-type": "application/x-ndjson" })
    })
    .post("/timeline-summary", async (c) =>
      c.json(ok(await summariseTimeline(deps, callerOf(c), parse(timelineSummaryInput, await bodyOf(c))))),
    )
    .post("/summary-title", async (c) => {
      const input = parse(titleInput, await bodyOf(c))
      return c.json(await summaryTitle(ai, callerOf(c), input.messages))
    })
    .post("/chat", async (c) => {
      const { id: given, ...input } = parse(chatInput, await bodyOf(c))
      const id = given ?? newId()
      const res = await chat(ai, c.get("session"), { ...input, id }, c.req.raw.signal)
      res.headers.set("x-chat-id", id)
      return res
    })
    .post("/tts", async (c) => {
      const audio = await speak(deps, callerOf(c), parse(ttsInput, await bodyOf(c)))
      return new Response(audio.body, {
        status: 200,
        headers: {
          "content-type": audio.headers.get("content-type") ?? "audio/mpeg",
          "cache-control": "no-store",
        },
      })
    })
    .get("/chat/config", async (c) => c.json(await getChatConfig(deps, userOf(c), c.get("session").role)))
    .get("/usage", async (c) => c.json(ok(await getUsage(deps, userOf(c), c.get("session").role))))
    .get("/analytics", async (c) => {
      const { days } = parse(analyticsInput, queryOf(c))
      return c.json(await getAnalytics(deps, userOf(c), days ?? 30))
    })
    .get("/provider", async (c) => c.json(ok(await getOwnProvider(deps, userOf(c)))))
    .put("/provider", async (c) =>
      c.json(ok(await saveOwnProvider(deps, userOf(c), parse(providerInput, await bodyOf(c))))),
    )
    .delete("/provider", async (c) => {
      await removeOwnProvider(deps, userOf(c))
      return c.json(ok(null))
    })
    .post("/provider/test", async (c) =>
      c.json(ok(await testProvider(deps, userOf(c), parse(testInput, await bodyOf(c))))),
    )
}
