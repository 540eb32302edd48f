// Database upkeep the scheduling process owes itself. Every tick: statistics for a table that has grown by a tenth
// since they were gathered (a bulk ingest must not leave the planner thinking a user has 200 rows when they have
// 100,000), and, on the embedded database, which has no autovacuum, a vacuum of tables with many dead rows. Once a
// day: the unread counters checked against a count of the rows they count, and repaired where they drifted.
import type { Deps } from "../deps.ts"
import { runDailyPower } from "../services/wallets.ts"
import { repairUnreadCounts, tableStates, tendTable, usersAfter, usersWithCountDrift } from "../storage/maintenance.ts"
import { startTicker } from "./ticker.ts"

/** Grown past this share of its size at the last ANALYZE (and at least MIN_PAGES), a table is analysed again. */
const GROWTH = 0.1
const MIN_PAGES = 16
/** A table is vacuumed once this many rows, and this share of its live rows, are dead (autovacuum's defaults). */
const DEAD_MIN = 50
const DEAD_SHARE = 0.2
const AUDIT_EVERY_MS = 24 * 3_600_000
const AUDIT_BATCH = 50

export interface MaintenanceReport {
  tended: string[]
  audited?: number
  repaired?: string[]
  /** The day's POWER computation (levels and ranks) ran in this tick. */
  powerDaily?: boolean
}

export interface Maintenance {
  tick(): Promise<MaintenanceReport>
  /** Checks every user's counters now; answers the users whose counters had to be repaired. */
  audit(): Promise<string[]>
  stop(): Promise<void>
}

export interface MaintenanceOptions {
  intervalMs: number
  /** Vacuum as well as analyse (the embedded database, where nothing else does). */
  vacuum: boolean
}

export function startMaintenance(deps: Deps, options: MaintenanceOptions): Maintenance {
  let lastAudit = deps.now().getTime()

  async function tend(): Promise<string[]> {
    const tended: string[] = []
    for (const table of await tableStates(deps.db)) {
      const grown = table.pages - table.analyzedPages
      const analyse = grown >= MIN_PAGES && grown >= table.analyzedPages * GROWTH
      // Vacuum for what deletes and updates left behind (autovacuum's rule), never for growth alone: on the
      // embedded database it runs on the event loop, and a vacuum of a table that only grew would hold every
      // request while it visits each new page.
      const vacuum = options.vacuum && table.deadRows > DEAD_MIN + DEAD_SHARE * table.liveRows
      if (!analyse && !vacuum) continue
      await tendTable(deps.db, table.table, vacuum)
      tended.push(table.table)
    }
    return tended
  }

  async function audit(): Promise<string[]> {
    const repaired: string[] = []
    let after = ""
    for (;;) {
      const users = await usersAfter(deps.db, after, AUDIT_BATCH)
      if (!users.length) break
      for (const userId of await usersWithCountDrift(deps.db, users)) {
        // A change in flight can look like drift; the repair counts under a lock and changes only what is wrong.
        if ((await repairUnreadCounts(deps.db, userId)) > 0) repaired.push(userId)
      }
      after = users.at(-1)!
    }
    if (repaired.length) deps.log.warn("unread counters repaired", { users: repaired.length })
    return repaired
  }

  async function runTick(): Promise<MaintenanceReport> {
    const report: MaintenanceReport = { tended: await tend() }
    // Its own day marker makes it once a day across every scheduling process.
    if (await runDailyPower(deps)) report.powerDaily = true
    if (deps.now().getTime() - lastAudit >= AUDIT_EVERY_MS) {
      lastAudit = deps.now().getTime()
      report.repaired = await audit()
    }
    return report
  }

  const ticker = startTicker(deps.log, "maintenance", options.intervalMs, runTick, { tended: [] } as MaintenanceReport)
  return { ...ticker, audit }
}
