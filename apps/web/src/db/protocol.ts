// Messages between the page (client.ts) and the database worker (worker.ts).
import type { Row } from "./migrate.ts"

export type DbRequest =
  | { op: "open" }
  | { op: "query"; sql: string; params?: unknown[] }
  | { op: "transaction"; statements: { sql: string; params?: unknown[] }[] }
  | { op: "size" }
  | { op: "export" }
  | { op: "reset" }

export interface DbOpened {
  versions: string[]
  recreated: boolean
  /** Where the file lives: "opfs" persists, "memory" when this browser offers no OPFS to workers. */
  storage: "opfs" | "memory"
}

export type DbAnswer = Row[] | DbOpened | number | Uint8Array[] | null

export type DbMessage = { id: number } & DbRequest
export type DbReply = { id: number; ok: true; result: DbAnswer } | { id: number; ok: false; error: string }

/**
 * The worker's dispatcher: requests are handled one at a time, in the order they came (the spec's exclusive lock),
 * each starting only once the one before it has answered, whether it succeeded or failed. Resolves when `message`
 * has been answered.
 */
export function serveInOrder(
  handle: (message: DbMessage) => Promise<DbAnswer>,
  reply: (reply: DbReply) => void,
): (message: DbMessage) => Promise<void> {
  let queue: Promise<void> = Promise.resolve()
  return (message) => {
    queue = queue.then(async () => {
      let answer: DbReply
      try {
        answer = { id: message.id, ok: true, result: await handle(message) }
      } catch (error) {
        answer = { id: message.id, ok: false, error: error instanceof Error ? error.message : String(error) }
      }
      reply(answer)
    })
    return queue
  }
}
