// `npm run worker`: a process that only runs feed jobs from the BullMQ queue (REDIS_URL). Run as many as the feed
// count needs, on any machine that reaches the database and Redis.
import { boot, onShutdown } from "./boot.ts"
import { startJobs } from "./jobs/index.ts"

const { config, log, database, deps } = await boot()
if (!config.REDIS_URL) {
  log.error("npm run worker needs REDIS_URL (and DATABASE_URL when more than one process shares the data)")
  process.exit(1)
}
const jobs = await startJobs(deps, { schedule: false, work: true })
log.info("worker started", { concurrency: config.FEED_FETCH_CONCURRENCY, database: database.kind })

onShutdown(log, async () => {
  await jobs.close()
  await deps.webhooks.close()
  await deps.parser.close()
  await database.close()
})
