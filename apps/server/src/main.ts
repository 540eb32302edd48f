// config → db → migrate → createApp(deps) → serve → start jobs
import { fileURLToPath } from "node:url"
import { serve } from "@hono/node-server"
import { createApp } from "./app.ts"
import { createAuth, resolveAuthSecret } from "./auth/index.ts"
import { discoverOidc } from "./auth/oidc.ts"
import { boot, onShutdown } from "./boot.ts"
import { startJobs } from "./jobs/index.ts"
import { vapidKeys } from "./push/vapid.ts"

const { config, log, database, deps } = await boot()
const auth = createAuth({
  db: database.db,
  config,
  log,
  secret: await resolveAuthSecret(database.db, config.AUTH_SECRET),
  oidc: await discoverOidc(config, log),
})
// Web Push keys are made on the first start and kept in the database, so every process signs with the same pair.
await vapidKeys(database.db)
const jobs = await startJobs(deps, { schedule: true, work: !config.REDIS_URL || config.API_WORKER })
const webDistDir = config.WEB_DIST_DIR ?? fileURLToPath(new URL("../../web/dist", import.meta.url))
const app = createApp({ deps, auth, jobs, webDistDir })

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const host = info.address === "0.0.0.0" ? "localhost" : info.address
  log.info("listening", { url: `http://${host}:${info.port}`, database: database.kind, queue: jobs.queue.engine })
})

onShutdown(log, async () => {
  server.close()
  await jobs.close()
  await deps.webhooks.close()
  await deps.parser.close()
  await database.close()
})
