// The local database's worker: SQLite (sqlite-wasm) with its file in OPFS through the SAH-pool VFS, in a pool named
// WA_SQLITE (spec client §9), so no query ever blocks the page. Without OPFS (older browsers, some private modes)
// the same database runs in memory for the session. Requests are answered in the order they came, one at a time.
import sqlite3InitModule, { type Sqlite3Static } from "@sqlite.org/sqlite-wasm"
import { type DatabaseHost, openMigrated, type SqlDatabase } from "./migrate.ts"
import { type DbAnswer, type DbMessage, type DbOpened, serveInOrder } from "./protocol.ts"
import { exportChunks } from "./rules.ts"
import { wrapDatabase } from "./sqlite.ts"

const FILE = "/tidings.sqlite3"
const POOL = "WA_SQLITE"

type Pool = Awaited<ReturnType<Sqlite3Static["installOpfsSAHPoolVfs"]>>

let sqlite3: Sqlite3Static | undefined
let pool: Pool | undefined
let current: SqlDatabase | undefined
let opened: DbOpened | undefined

function hostFor(api: Sqlite3Static, vfs: Pool | undefined): DatabaseHost {
  return {
    open: () => {
      return wrapDatabase(vfs ? new vfs.OpfsSAHPoolDb(FILE) : new api.oo1.DB(":memory:"))
    },
    remove: () => {
      vfs?.unlink(FILE)
    },
  }
}

/** Tries to take the pool's files this long before settling for memory (another page may still hold them). */
const POOL_ATTEMPTS = 6

/**
 * The OPFS pool, or undefined where there is none. A page that has just been left (a reload, a navigation) may keep
 * its worker, and with it the pool's file handles, for a moment: the pool is asked for again with a growing pause.
 * A failed attempt must never delete the pool (preserveOnInitFailure): another tab's data lives in it.
 */
async function installPool(api: Sqlite3Static): Promise<Pool | undefined> {
  let lastError: unknown
  for (let attempt = 0; attempt < POOL_ATTEMPTS; attempt++) {
    try {
      return await api.installOpfsSAHPoolVfs({
        name: POOL,
        preserveOnInitFailure: true,
        forceReinitIfPreviouslyFailed: attempt > 0,
      } as Parameters<Sqlite3Static["installOpfsSAHPoolVfs"]>[0])
    } catch (error) {
      lastError = error
      // Only a file held elsewhere is worth waiting for; a browser without OPFS will not grow one.
      if (!(error instanceof DOMException && error.name === "NoModificationAllowedError")) break
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt))
    }
  }
  console.warn("OPFS is not available to this worker: the local database lives in memory.", lastError)
  return undefined
}

async function open(): Promise<DbOpened> {
  if (opened) return opened
  sqlite3 ??= await sqlite3InitModule()
  pool ??= await installPool(sqlite3)
  const result = openMigrated(hostFor(sqlite3, pool))
  current = result.db
  opened = { versions: result.versions, recreated: result.recreated, storage: pool ? "opfs" : "memory" }
  return opened
}

function database(): SqlDatabase {
  if (!current) throw new Error("The local database is not open")
  return current
}

/** The database file, read in 64 KiB chunks (the same in OPFS and in memory: SQLite reads its own pages). */
function exportBytes(): Uint8Array[] {
  return current ? [...exportChunks(current)] : []
}

async function handle(message: DbMessage): Promise<DbAnswer> {
  switch (message.op) {
    case "open":
      return open()
    case "query":
      return database().all(message.sql, message.params)
    case "transaction": {
      const db = database()
      db.execScript("BEGIN")
      try {
        for (const statement of message.statements) db.all(statement.sql, statement.params)
        db.execScript("COMMIT")
      } catch (error) {
        db.execScript("ROLLBACK")
        throw error
      }
      return null
    }
    case "size": {
      const [row] = database().all(
        "SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()",
      )
      return Number(row?.bytes ?? 0)
    }
    case "export":
      await open()
      return exportBytes()
    case "reset": {
      current?.close()
      current = undefined
      opened = undefined
      pool?.unlink(FILE)
      await open()
      return null
    }
  }
}

// One request at a time, in order: a query waits for the one before it (the spec's exclusive lock).
const serve = serveInOrder(handle, (reply) => {
  // Exported chunks each have a buffer of their own: hand them over instead of copying them.
  const parts = reply.ok && Array.isArray(reply.result) ? reply.result : []
  self.postMessage(reply, { transfer: parts.flatMap((part) => (part instanceof Uint8Array ? [part.buffer] : [])) })
})
self.onmessage = (event: MessageEvent<DbMessage>) => {
  void serve(event.data)
}
