import type { UIMessage } from "ai"
import { describe, expect, it } from "vitest"
import { chatRequestBody } from "./chat-transport.ts"

const user = (id: string, text: string): UIMessage => ({ id, role: "user", parts: [{ type: "text", text }] })
const answer = (id: string, text: string): UIMessage => ({ id, role: "assistant", parts: [{ type: "text", text }] })

describe("chatRequestBody", () => {
  it("sends only the new message, however long the conversation", () => {
    const long = "x".repeat(200_000)
    const messages = [user("u1", long), answer("a1", long), user("u2", long), answer("a2", long), user("u3", "next")]
    const body = chatRequestBody({ id: "chat-1", messages, trigger: "submit-message" })
    expect(body).toEqual({ id: "chat-1", message: user("u3", "next"), trigger: "submit-message" })
    expect(JSON.stringify(body).length).toBeLessThan(200)
  })

  it("keeps the retried message's id and the context given with the turn", () => {
    const body = chatRequestBody({
      id: "chat-1",
      messages: [user("u1", "hello")],
      trigger: "regenerate-message",
      messageId: "a1",
      body: { context: { mainEntryId: "e1" } },
    })
    expect(body).toEqual({
      id: "chat-1",
      message: user("u1", "hello"),
      trigger: "regenerate-message",
      messageId: "a1",
      context: { mainEntryId: "e1" },
    })
  })

  it("leaves out an empty context", () => {
    const body = chatRequestBody({
      id: "c",
      messages: [user("u", "hi")],
      trigger: "submit-message",
      body: { context: {} },
    })
    expect("context" in body).toBe(false)
  })
})
