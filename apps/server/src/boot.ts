// What the server and the worker both start with: configuration, logger and database.
import { createSessionCache } from "./auth/session-cache.ts"
import { loadConfig } from "./config.ts"
import type { Deps } from "./deps.ts"
import { createLogger, routeConsole } from "./log.ts"
import { createFeedParser } from "./reader/parser.ts"
import { createWebhookDispatcher } from "./reader/webhook.ts"
import { openDatabase } from "./storage/db.ts"

export async function boot() {
  const config = loadConfig()
  const log = createLogger(config.LOG_LEVEL)
  // Libraries that print on their own (drivers, better-auth's fallbacks) are scrubbed like our own lines.
  routeConsole(log)
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.DATA_DIR,
    statementStats: config.DB_STATEMENT_STATS,
    onConnectionError: (error) => log.warn("database connection lost", { error: error.message }),
  })
  const parser = createFeedParser({
    threads: config.FEED_PARSE_THREADS,
    timeoutMs: config.FEED_PARSE_TIMEOUT_MS,
    idleMs: config.FEED_PARSE_IDLE_SECONDS * 1000,
  })
  const webhooks = createWebhookDispatcher()
  const sessions = createSessionCache(config.SESSION_CACHE_SECONDS * 1000)
  const deps: Deps = { db: database.db, config, log, now: () => new Date(), parser, webhooks, sessions }
  return { config, log, database, deps }
}

export function onShutdown(log: Deps["log"], stop: () => Promise<void>) {
  const handler = (signal: string) => {
    log.info("shutting down", { signal })
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once("SIGINT", () => handler("SIGINT"))
  process.once("SIGTERM", () => handler("SIGTERM"))
}
