// Boots the real app on 127.0.0.1 for a given database. Free of vitest, so scripts (the corpus scorer's adapter,
// benchmarks) can use it too.
import { randomUUID } from "node:crypto"
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import { createApp } from "../../src/app.ts"
import { createAuth } from "../../src/auth/index.ts"
import { discoverOidc } from "../../src/auth/oidc.ts"
import { createSessionCache } from "../../src/auth/session-cache.ts"
import { type Config, loadConfig } from "../../src/config.ts"
import type { Deps } from "../../src/deps.ts"
import { type Jobs, startJobs } from "../../src/jobs/index.ts"
import { startScheduler } from "../../src/jobs/scheduler.ts"
import { createLogger, type LogSink } from "../../src/log.ts"
import { createFeedParser } from "../../src/reader/parser.ts"
import { createWebhookDispatcher } from "../../src/reader/webhook.ts"
import type { Database } from "../../src/storage/db.ts"

export interface BootedServer {
  url: string
  deps: Deps
  database: Database
  jobs: Jobs
  /** One scheduler tick as if the clock read `at`, then waits until the queued refreshes are done. */
  refreshDue(at: Date): Promise<number>
  close(): Promise<void>
}

export interface BootOptions {
  /** Where the server's log lines go (tests read them); by default stdout and stderr. */
  logSink?: LogSink
  /** A built web client to serve beside the API. */
  webDistDir?: string
  /** The services' clock (deps.now); tests move it forward to age what the server keeps. */
  now?: () => Date
}

export async function bootServer(
  database: Database,
  env: Record<string, string> = {},
  options: BootOptions = {},
): Promise<BootedServer> {
  // With TEST_REDIS_URL the queue is BullMQ, under a prefix of this server's own.
  const redis = process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, QUEUE_PREFIX: `test-${randomUUID()}` }
    : {}
  const config: Config = loadConfig({
    ALLOW_PRIVATE_NETWORK: "true",
    LOG_LEVEL: "silent",
    // Tests sign up and in many times from one address; the tests of the limits switch them back on.
    AUTH_RATE_LIMIT: "false",
    ...redis,
    ...env,
  })
  const parser = createFeedParser({
    threads: config.FEED_PARSE_THREADS,
    timeoutMs: config.FEED_PARSE_TIMEOUT_MS,
    idleMs: config.FEED_PARSE_IDLE_SECONDS * 1000,
  })
  const log = createLogger(config.LOG_LEVEL, options.logSink)
  const deps: Deps = {
    db: database.db,
    config,
    log,
    now: options.now ?? (() => new Date()),
    parser,
    webhooks: createWebhookDispatcher(),
    sessions: createSessionCache(config.SESSION_CACHE_SECONDS * 1000),
  }
  let app: ReturnType<typeof createApp> | undefined
  const server = serve({ fetch: (req, env) => app!.fetch(req, env), port: 0, hostname: "127.0.0.1" })
  await new Promise((resolve) => server.once("listening", resolve))
  // The port is known only after listening, so BASE_URL is set afterwards.
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  config.BASE_URL = url
  const auth = createAuth({
    db: database.db,
    config,
    log,
    secret: "test-secret-test-secret-test-secret-0123",
    oidc: await discoverOidc(config, log),
  })
  const jobs = await startJobs(deps, { schedule: false, work: !config.REDIS_URL || config.API_WORKER })
  app = createApp({ deps, auth, jobs, webDistDir: options.webDistDir })
  return {
    url,
    deps,
    database,
    jobs,
    async refreshDue(at) {
      const scheduler = startScheduler({ ...deps, now: () => at }, jobs.queue, { intervalMs: 3_600_000 })
      try {
        const queued = await scheduler.tick()
        await jobs.queue.idle()
        return queued
      } finally {
        await scheduler.stop()
      }
    },
    async close() {
      await new Promise((resolve) => server.close(resolve))
      await jobs.close()
      await deps.webhooks.close()
      await parser.close()
      await database.close()
    },
  }
}

/** Another server on a booted server's database, with other settings; closing it leaves the database open. */
export function bootAlongside(
  server: { database: Database },
  env: Record<string, string> = {},
  options: BootOptions = {},
): Promise<BootedServer> {
  return bootServer({ ...server.database, close: async () => {} }, env, options)
}
