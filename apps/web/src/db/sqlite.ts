// sqlite-wasm's object API seen through the small SqlDatabase interface the rules use (the worker and the tests
// share it).
import type { Database } from "@sqlite.org/sqlite-wasm"
import type { Row, SqlDatabase } from "./migrate.ts"

export function wrapDatabase(db: Database, onClose?: () => void): SqlDatabase {
  // Chat messages go with their session (ON DELETE CASCADE): foreign keys are off by default in SQLite.
  db.exec("PRAGMA foreign_keys = ON")
  return {
    all: (sql, params = []) =>
      db.exec({
        sql,
        bind: params.length ? (params as (string | number | null)[]) : undefined,
        rowMode: "object",
        returnValue: "resultRows",
      }) as Row[],
    execScript: (sql) => {
      db.exec(sql)
    },
    close: () => {
      onClose?.()
      db.close()
    },
  }
}
