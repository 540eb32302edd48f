// What the services need from the outside world, passed in so tests run the same code as production.
import type { Config } from "./config.ts"
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
}
