// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Migrations run here.
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { type SQL, sql } from "drizzle-orm"
import type { PgliteDatabase } from "drizzle-orm/pglite"
import * as schema from "./schema.ts"

/** One type for both drivers; the query builder is the same, only the driver underneath differs. */
export type DB = PgliteDatabase<typeof schema>

export interface Database {
  db: DB
  kind: "pglite" | "postgres"
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url))

export interface OpenOptions {
  databaseUrl?: string
  dataDir?: string
  /** A PGlite data-dir snapshot to start from (tests start every file from one migrated snapshot). */
  snapshot?: Blob
  poolSize?: number
  /** Where an idle connection's failure is reported (a database restart must not take the process down). */
  onConnectionError?: (error: Error) => void
  /**
   * Embedded only, a diagnostic: a file that gets the statements' execution times (pg_stat_statements) when the
   * database closes. On the embedded database every statement runs on the event loop one at a time, so a request's
   * latency is the queue of statements ahead of it; this says which statements make the queue.
   */
  statementStats?: string
}

/**
 * The embedded database lives in this process's memory, and WebAssembly memory never shrinks once grown: its
 * buffers and per-operation memory are sized for a small box (PostgreSQL's defaults took the process to 330 MB
 * before any work, and a bulk ingest to 1 GB). Pages beyond shared_buffers come from the operating system's
 * file cache, which the kernel can give back.
 */
const EMBEDDED_SETTINGS = [
  "shared_buffers = 32MB",
  "work_mem = 2MB",
  "maintenance_work_mem = 16MB",
  "temp_buffers = 1MB",
  "wal_buffers = 1MB",
]

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options) : openPglite(options)
}

// Each driver is loaded only when it is used: a server on PostgreSQL never loads the embedded database, and the
// other way round (start-up time and memory).
async function openPostgres({ databaseUrl, poolSize = 10, onConnectionError }: OpenOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ])
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize })
  // pg emits an error on the pool when an idle client's connection drops; the pool replaces the client.
  pool.on("error", (error) =>
    (onConnectionError ?? ((e) => console.error(`database connection lost: ${e.message}`)))(error),
  )
  const db = drizzlePg(pool, { schema }) as unknown as DB
  await migratePg(drizzlePg(pool), { migrationsFolder })
  return { db, kind: "postgres", close: () => pool.end() }
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dir = "memory://"
  if (options.dataDir) {
    dir = path.resolve(options.dataDir, "pglite")
    mkdirSync(dir, { recursive: true })
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { usePreparedStatements }] =
    await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
      import("./pglite-prepared.ts"),
    ])
  const stats = options.statementStats
  const extensions = stats
    ? { pg_stat_statements: (await import("@electric-sql/pglite/contrib/pg_stat_statements")).pg_stat_statements }
    : undefined
  const client = new PGlite(dir, {
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    ...(extensions ? { extensions } : {}),
    postgresqlconf: EMBEDDED_SETTINGS,
  })
  await client.waitReady
  usePreparedStatements(client)
  if (stats)
    await client.exec(`create extension if not exists pg_stat_statements; select pg_stat_statements_reset();
      set pg_stat_statements.track_planning = on`)
  const db = drizzlePglite(client, { schema })
  await migratePglite(db, { migrationsFolder })
  async function close() {
    if (stats) {
      const { rows } = await client.query(
        `select calls, round(total_exec_time::numeric, 1) as total_ms, round(total_plan_time::numeric, 1) as plan_ms,
                round(mean_exec_time::numeric, 3) as mean_ms,
                round(max_exec_time::numeric, 1) as max_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 300) as query
         from pg_stat_statements order by total_exec_time + total_plan_time desc limit 40`,
      )
      writeFileSync(stats, JSON.stringify(rows, null, 1))
    }
    await client.close()
  }
  return { db, kind: "pglite", close }
}

/** Runs `work` in one transaction. The callback gets the same DB type the rest of storage takes. */
export function withTransaction<T>(db: DB, work: (tx: DB) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as DB))
}

interface DrizzleInternals {
  session: {
    prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> }
  }
  dialect: { sqlToQuery(query: SQL): unknown }
}

/**
 * Runs a hot statement that PostgreSQL keeps prepared under `name` on each connection, so it is parsed and planned
 * once per connection instead of on every call (a third of the database's time for a small query). The name must
 * always come with the same statement text; the parameters may change. The embedded database runs it as usual.
 */
export async function executePrepared<T>(db: DB, name: string, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as DrizzleInternals
  const result = (await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as {
    rows: T[]
  }
  return result.rows
}

export async function ping(db: DB): Promise<void> {
  await db.execute(sql`select 1`)
}

/**
 * Serialises one user's limited creations (subscriptions, lists, inboxes, invitations): inside a transaction, this
 * row lock makes a concurrent "count, then insert" wait its turn, so a limit cannot be overrun by parallel calls.
 * NO KEY UPDATE, because rows inserted with a foreign key to the user hold KEY SHARE on it: a stronger lock taken
 * after such an insert would deadlock with another transaction's insert.
 */
export async function lockUser(db: DB, userId: string): Promise<void> {
  await db.execute(sql`select 1 from ${schema.user} where ${schema.user.id} = ${userId} for no key update`)
}
