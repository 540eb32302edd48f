// On PostgreSQL (TEST_DATABASE_URL) the run's workers must not share a database: a file's scheduler picks every
// due feed in it and its maintenance analyses every table. Worker 1 uses the database named in the URL; worker N
// uses a copy of it, "<name>_wN", made from the migrated one by global-setup.ts (CREATE DATABASE … TEMPLATE).

/** Files at once on PostgreSQL: the pass waits on the database more than it computes, so one more than the cores. */
export const WORKERS = 3

/** The database URL of worker `poolId` (vitest's VITEST_POOL_ID, 1-based). */
export function workerDatabaseUrl(databaseUrl: string, poolId: number): string {
  if (poolId <= 1) return databaseUrl
  const url = new URL(databaseUrl)
  url.pathname = `/${workerDatabaseName(databaseUrl, poolId)}`
  return url.toString()
}

export function workerDatabaseName(databaseUrl: string, poolId: number): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || "postgres"
  return poolId <= 1 ? name : `${name}_w${poolId}`
}

/** The database this process's tests use. */
export function currentDatabaseUrl(databaseUrl: string): string {
  // Worker ids are handed out from 1 up to maxWorkers; a higher one (a restarted worker) still maps into the set.
  const id = Number(process.env.VITEST_POOL_ID ?? 1)
  return workerDatabaseUrl(databaseUrl, ((Math.max(1, id) - 1) % WORKERS) + 1)
}
