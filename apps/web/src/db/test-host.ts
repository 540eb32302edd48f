// A database "file" for tests in Node: the bytes of a closed database, deserialised into a new in-memory SQLite on
// open, so a test can delete it, keep it between opens, or replace it with garbage.
import sqlite3InitModule, { type Sqlite3Static } from "@sqlite.org/sqlite-wasm"
import type { LocalDatabase } from "./client.ts"
import { type DatabaseHost, openMigrated } from "./migrate.ts"
import { wrapDatabase } from "./sqlite.ts"

let api: Sqlite3Static | undefined
export async function sqlite(): Promise<Sqlite3Static> {
  api ??= await sqlite3InitModule()
  return api
}

export interface FileHost extends DatabaseHost {
  file: Uint8Array | undefined
  opens: number
  removes: number
}

export function fileHost(sqlite3: Sqlite3Static, file?: Uint8Array): FileHost {
  const host: FileHost = {
    file,
    opens: 0,
    removes: 0,
    open() {
      host.opens++
      const db = new sqlite3.oo1.DB(":memory:")
      if (host.file?.length) {
        const pointer = sqlite3.wasm.allocFromTypedArray(host.file)
        const flags = sqlite3.capi.SQLITE_DESERIALIZE_FREEONCLOSE | sqlite3.capi.SQLITE_DESERIALIZE_RESIZEABLE
        sqlite3.capi.sqlite3_deserialize(db, "main", pointer, host.file.length, host.file.length, flags)
      }
      return wrapDatabase(db, () => {
        host.file = sqlite3.capi.sqlite3_js_db_export(db)
      })
    },
    remove() {
      host.removes++
      host.file = undefined
    },
  }
  return host
}

/** The LocalDatabase the app gets from its worker, run directly on a host in the same thread (tests). */
export function directDatabase(host: DatabaseHost): LocalDatabase {
  let db = openMigrated(host, undefined, () => {}).db
  const ready = Promise.resolve({ versions: [], recreated: false, storage: "memory" as const })
  return {
    ready,
    query: async (sql, params) => db.all(sql, params),
    transaction: async (statements) => {
      db.execScript("BEGIN")
      for (const s of statements) db.all(s.sql, s.params)
      db.execScript("COMMIT")
      return true
    },
    size: async () => 0,
    exportChunks: async () => [],
    reset: async () => {
      db.close()
      host.remove()
      db = openMigrated(host, undefined, () => {}).db
    },
  }
}
