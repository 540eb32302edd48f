// Once per test run: a migrated database every test file starts from.
// PGlite: one migrated data dir, dumped to a file each file loads in well under a second (initdb costs seconds).
// PostgreSQL (TEST_DATABASE_URL): a clean schema, migrated once, and a copy of it for each further worker
// (worker-database.ts); the files of a worker share its database and keep apart by using their own users and their
// own loopback feed URLs. The PGlite snapshot is made either way, for tests that need an
// empty database of their own.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import pg from "pg"
import type { TestProject } from "vitest/node"
import { openDatabase } from "../../src/storage/db.ts"
import { WORKERS, workerDatabaseName } from "./worker-database.ts"

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string
  }
}

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.TEST_DATABASE_URL
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query(
      "drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public",
    )
    await client.end()
    const database = await openDatabase({ databaseUrl })
    await database.close()
    // A template must have no other session (the migration's pool is closed by now, and this one is elsewhere).
    const maintenance = new URL(databaseUrl)
    maintenance.pathname = "/postgres"
    const admin = new pg.Client({ connectionString: maintenance.toString() })
    await admin.connect()
    const template = workerDatabaseName(databaseUrl, 1)
    // Tests need no durability across a crash of PostgreSQL: commits need not wait for the disk (a
    // per-database setting is not copied with a database, so each copy gets it too).
    await admin.query(`alter database "${template}" set synchronous_commit = off`)
    for (let id = 2; id <= WORKERS; id++) {
      const name = workerDatabaseName(databaseUrl, id)
      await admin.query(`drop database if exists "${name}" with (force)`)
      await admin.query(`create database "${name}" template "${template}"`)
      await admin.query(`alter database "${name}" set synchronous_commit = off`)
    }
    await admin.end()
  }
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-test-"))
  const database = await openDatabase({})
  const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client
  const snapshot = await client.dumpDataDir("none")
  await database.close()
  const file = path.join(dir, "pglite.tar")
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()))
  project.provide("pgliteSnapshot", file)
  return () => rmSync(dir, { recursive: true, force: true })
}
