// What the services need from the outside world, passed in so tests run the same code as production.
import type { SessionCache } from "./auth/session-cache.ts"
import type { Config } from "./config.ts"
import type { AiJobQueue } from "./jobs/ai-work.ts"
import type { Logger } from "./log.ts"
import type { FeedParser } from "./reader/parser.ts"
import type { WebhookDispatcher } from "./reader/webhook.ts"
import type { DB } from "./storage/db.ts"

export interface Deps {
  db: DB
  config: Config
  log: Logger
  now: () => Date
  parser: FeedParser
  /** Outgoing webhooks (action rules), sent beside the ingest that owes them. */
  webhooks: WebhookDispatcher
  /** Sessions resolved in the last SESSION_CACHE_SECONDS, by credential. */
  sessions: SessionCache
  /** Background AI work (timeline scores, summaries and translations rules ask for); set by startJobs. */
  aiJobs?: AiJobQueue
}
