// Opening the local database: numbered migrations applied in order, each in its own transaction and recorded in the
// database itself. A database that fails to migrate (or is not a database at all: a corrupt file) is deleted and
// made again from the migrations (spec client §4 "Local database"); a migration missing from the code is a
// programming error and throws "Missing migration: <tag>" without touching the data.
import { MIGRATION_JOURNAL, MIGRATION_SQL } from "./migrations.ts"

export type Row = Record<string, unknown>

/** The few calls the rules need from an open SQLite database (sqlite-wasm's oo1 DB in the worker, tests in Node). */
export interface SqlDatabase {
  /** One statement with bound parameters; its rows as objects (none for a write). */
  all(sql: string, params?: readonly unknown[]): Row[]
  /** Several statements without parameters (a migration). */
  execScript(sql: string): void
  close(): void
}

/** Where the database file lives: open it (creating it when absent) and delete it. */
export interface DatabaseHost {
  open(): SqlDatabase
  remove(): void
}

export class MissingMigrationError extends Error {
  constructor(readonly tag: string) {
    super(`Missing migration: ${tag}`)
    this.name = "MissingMigrationError"
  }
}

export interface Migrations {
  journal: readonly string[]
  sql: Record<string, string | undefined>
}

const APP_MIGRATIONS: Migrations = { journal: MIGRATION_JOURNAL, sql: MIGRATION_SQL }

/** Applies what the journal has and the database lacks; returns every tag applied so far, in journal order. */
export function migrate(db: SqlDatabase, migrations: Migrations = APP_MIGRATIONS): string[] {
  db.execScript("CREATE TABLE IF NOT EXISTS __migrations (tag TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
  const applied = new Set(db.all("SELECT tag FROM __migrations").map((row) => String(row.tag)))
  for (const tag of migrations.journal) {
    if (applied.has(tag)) continue
    const sql = migrations.sql[tag]
    if (!sql) throw new MissingMigrationError(tag)
    db.execScript("BEGIN")
    try {
      db.execScript(sql)
      db.all("INSERT INTO __migrations (tag, applied_at) VALUES (?, ?)", [tag, Date.now()])
      db.execScript("COMMIT")
    } catch (error) {
      db.execScript("ROLLBACK")
      throw error
    }
    applied.add(tag)
  }
  return migrations.journal.filter((tag) => applied.has(tag))
}

export interface OpenedDatabase {
  db: SqlDatabase
  /** The applied migration tags (the page keeps them as migration_version). */
  versions: string[]
  /** True when the stored database could not be used and was made anew. */
  recreated: boolean
}

/** Opens and migrates; on failure deletes the file and migrates a new one once (a second failure throws). */
export function openMigrated(
  host: DatabaseHost,
  migrations: Migrations = APP_MIGRATIONS,
  log: (message: string, error: unknown) => void = console.error,
): OpenedDatabase {
  let db: SqlDatabase | undefined
  try {
    db = host.open()
    return { db, versions: migrate(db, migrations), recreated: false }
  } catch (error) {
    if (error instanceof MissingMigrationError) throw error
    log("The local database could not be migrated; it is deleted and made again.", error)
    try {
      db?.close()
    } catch {
      // A file that is not a database may refuse to close cleanly; it is deleted next either way.
    }
    host.remove()
    const fresh = host.open()
    return { db: fresh, versions: migrate(fresh, migrations), recreated: true }
  }
}
