// A real server for integration tests: createApp on 127.0.0.1 with its own database, talked to over HTTP.
import { readFileSync } from "node:fs"
import { inject } from "vitest"
import { type Database, openDatabase } from "../../src/storage/db.ts"
import { type BootedServer, type BootOptions, bootServer } from "./boot.ts"
import { currentDatabaseUrl } from "./worker-database.ts"

export type TestServer = BootedServer

/** The run's database; `fresh` forces an empty embedded one even when the run uses PostgreSQL. */
export async function openTestDatabase(fresh = false): Promise<Database> {
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (databaseUrl && !fresh) return openDatabase({ databaseUrl: currentDatabaseUrl(databaseUrl), poolSize: 4 })
  const file = inject("pgliteSnapshot")
  return openDatabase({ snapshot: new Blob([readFileSync(file)]) })
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: { freshDatabase?: boolean } & BootOptions = {},
) {
  return bootServer(await openTestDatabase(options.freshDatabase), env, options)
}
