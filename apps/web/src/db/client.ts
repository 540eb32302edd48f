// The page's side of the local database: requests go to the worker one at a time and in order. A failed query is
// logged and answers no rows (spec client §4), so the screens carry on from the network; opening, export and
// reset report their failures to the caller.
import type { Row } from "./migrate.ts"
import type { DbAnswer, DbOpened, DbReply, DbRequest } from "./protocol.ts"

export const MIGRATION_VERSION_KEY = "tidings:migration_version"

export interface LocalDatabase {
  ready: Promise<DbOpened>
  query(sql: string, params?: unknown[]): Promise<Row[]>
  transaction(statements: { sql: string; params?: unknown[] }[]): Promise<boolean>
  size(): Promise<number>
  exportChunks(): Promise<Uint8Array[]>
  reset(): Promise<void>
}

/** A database over any worker-like endpoint (the real worker in the app; tests pass their own). */
export function createLocalDatabase(worker: Pick<Worker, "postMessage" | "addEventListener">): LocalDatabase {
  let nextId = 1
  const waiting = new Map<number, { resolve: (value: DbAnswer) => void; reject: (error: Error) => void }>()
  worker.addEventListener("message", (event: MessageEvent<DbReply>) => {
    const reply = event.data
    const waiter = waiting.get(reply.id)
    if (!waiter) return
    waiting.delete(reply.id)
    if (reply.ok) waiter.resolve(reply.result)
    else waiter.reject(new Error(reply.error))
  })
  const send = (request: DbRequest) =>
    new Promise<DbAnswer>((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve, reject })
      worker.postMessage({ id, ...request })
    })

  const ready = (send({ op: "open" }) as Promise<DbOpened>).then((opened) => {
    performance.mark("tidings:local-db-open")
    try {
      localStorage.setItem(MIGRATION_VERSION_KEY, JSON.stringify(opened.versions))
    } catch {
      // Storage may be full or blocked; the database keeps its own record of what was applied.
    }
    return opened
  })

  const logged = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      await ready
      return await run()
    } catch (error) {
      console.error(`Local database: ${what} failed`, error)
      return fallback
    }
  }

  return {
    ready,
    query: (sql, params) => logged("query", async () => (await send({ op: "query", sql, params })) as Row[], []),
    transaction: (statements) =>
      logged(
        "transaction",
        async () => {
          await send({ op: "transaction", statements })
          return true
        },
        false,
      ),
    size: () => logged("size", async () => (await send({ op: "size" })) as number, 0),
    exportChunks: async () => (await send({ op: "export" })) as Uint8Array[],
    reset: async () => {
      await send({ op: "reset" })
    },
  }
}

let shared: LocalDatabase | undefined

/** The app's one local database, started on first use. */
export function localDatabase(): LocalDatabase {
  shared ??= createLocalDatabase(new Worker(new URL("./worker.ts", import.meta.url), { type: "module" }))
  return shared
}
