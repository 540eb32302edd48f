// The page's client of the local database and the worker's dispatcher, wired to each other as in the app (the
// worker's side runs in this thread over a real in-memory SQLite): requests are answered one at a time, in order,
// and a failed query is logged and answers no rows.
import { afterEach, describe, expect, it, vi } from "vitest"
import { createLocalDatabase } from "./client.ts"
import { openMigrated } from "./migrate.ts"
import { type DbAnswer, type DbMessage, type DbReply, serveInOrder } from "./protocol.ts"
import { fileHost, sqlite } from "./test-host.ts"

/** A worker-like endpoint whose messages go to `serve`, and whose replies come back as message events. */
function endpoint(handle: (message: DbMessage) => Promise<DbAnswer>) {
  const listeners: ((event: MessageEvent<DbReply>) => void)[] = []
  const serve = serveInOrder(handle, (reply) => {
    for (const listener of listeners) listener({ data: reply } as MessageEvent<DbReply>)
  })
  return {
    postMessage: (message: DbMessage) => void serve(message),
    addEventListener: (_type: string, listener: (event: MessageEvent<DbReply>) => void) => listeners.push(listener),
  } as unknown as Pick<Worker, "postMessage" | "addEventListener">
}

function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe("serveInOrder", () => {
  it("starts a request only once the one before it has answered, failed or not, and answers in order", async () => {
    const events: string[] = []
    const replies: DbReply[] = []
    const slow = deferred()
    const serve = serveInOrder(
      async (message) => {
        const sql = message.op === "query" ? message.sql : message.op
        events.push(`start ${sql}`)
        if (sql === "slow") await slow.promise
        if (sql === "bad") throw new Error("no such table: nowhere")
        events.push(`end ${sql}`)
        return []
      },
      (reply) => replies.push(reply),
    )
    const answered = [
      serve({ id: 1, op: "query", sql: "slow" }),
      serve({ id: 2, op: "query", sql: "bad" }),
      serve({ id: 3, op: "query", sql: "next" }),
    ]
    await new Promise((resolve) => setTimeout(resolve, 20))
    // The first holds the lock: nothing else has started.
    expect(events).toEqual(["start slow"])
    slow.resolve()
    await Promise.all(answered)
    expect(events).toEqual(["start slow", "end slow", "start bad", "start next", "end next"])
    expect(replies).toEqual([
      { id: 1, ok: true, result: [] },
      { id: 2, ok: false, error: "no such table: nowhere" },
      { id: 3, ok: true, result: [] },
    ])
  })
})

describe("createLocalDatabase", () => {
  it("logs a failed query and answers no rows; the next query runs", async () => {
    const sqlite3 = await sqlite()
    const { db } = openMigrated(fileHost(sqlite3), undefined, () => {})
    const handle = async (message: DbMessage): Promise<DbAnswer> => {
      if (message.op === "open") return { versions: [], recreated: false, storage: "memory" }
      if (message.op === "query") return db.all(message.sql, message.params)
      return null
    }
    const errors = vi.spyOn(console, "error").mockImplementation(() => {})
    const local = createLocalDatabase(endpoint(handle))
    await local.ready
    expect(await local.query("select * from nowhere")).toEqual([])
    expect(errors).toHaveBeenCalledTimes(1)
    expect(errors.mock.calls[0]?.[0]).toBe("Local database: query failed")
    expect(String(errors.mock.calls[0]?.[1])).toMatch(/no such table: nowhere/)
    expect(await local.query("select 1 + ? as two", [1])).toEqual([{ two: 2 }])
    expect(errors).toHaveBeenCalledTimes(1)
    db.close()
  })
})
