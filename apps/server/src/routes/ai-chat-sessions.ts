// /ai/chat-sessions: the user's chat sessions and their messages (the SDK's aiChatSessions module).
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { bodyOf, instant, intIn, pageLimit, parse, queryOf } from "../http.ts"
import {
  getSession,
  listSessions,
  markSessionSeen,
  removeSession,
  renameSession,
  sessionMessages,
  unreadSessions,
} from "../services/ai-chat-sessions.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export const chatId = z
  .string()
  .regex(/^[\w:.-]{1,100}$/, "a chat id is 1 to 100 letters, digits, '_', '-', '.' or ':'")

const pageInput = z.object({ limit: pageLimit.optional(), before: instant.optional() })
const unreadInput = z.object({ limit: intIn(1, 100).optional() })
const renameInput = z.object({ title: z.string().trim().min(1).max(100) })
const seenInput = z.object({ lastSeenAt: instant.optional() })

export function aiChatSessionRoutes(deps: Deps) {
  const idOf = (c: { req: { param(name: "chatId"): string } }) => parse(chatId, c.req.param("chatId"))
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(await listSessions(deps, userOf(c), parse(pageInput, queryOf(c)))))
      // Before /:chatId, which would take "unread" for an id.
      .get("/unread", async (c) => {
        const { limit } = parse(unreadInput, queryOf(c))
        return c.json(ok(await unreadSessions(deps, userOf(c), limit)))
      })
      .get("/:chatId", async (c) => c.json(ok(await getSession(deps, userOf(c), idOf(c)))))
      .patch("/:chatId", async (c) => {
        const { title } = parse(renameInput, await bodyOf(c))
        return c.json(ok(await renameSession(deps, userOf(c), idOf(c), title)))
      })
      .delete("/:chatId", async (c) => {
        await removeSession(deps, userOf(c), idOf(c))
        return c.json({ code: 0, success: true })
      })
      .get("/:chatId/messages", async (c) =>
        c.json(ok(await sessionMessages(deps, userOf(c), idOf(c), parse(pageInput, queryOf(c))))),
      )
      .post("/:chatId/mark-seen", async (c) => {
        const { lastSeenAt } = parse(seenInput, await bodyOf(c))
        return c.json(ok(await markSessionSeen(deps, userOf(c), idOf(c), lastSeenAt)))
      })
  )
}
