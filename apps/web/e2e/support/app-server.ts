// Starts the real Tidings server as a child process with a fresh data folder and waits for /health. The folder is a
// copy of one the run's global setup had a server create (e2e/support/global-setup.ts): the same empty, migrated
// database, without each file paying for the embedded database's first start.
import { type ChildProcess, spawn } from "node:child_process"
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import path from "node:path"

export const repoRoot = path.resolve(new URL("../../../..", import.meta.url).pathname)
export const webDist = path.join(repoRoot, "apps/web/dist")
/** The server as `npm start` runs it: the bundle scripts/build-server.mjs makes (npm test's build step). */
const serverBundle = path.join(repoRoot, "apps/server/dist/main.mjs")

export interface AppServer {
  origin: string
  /** Everything the server printed, for failure messages. */
  output: () => string
  stop: () => Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`)
    const ok = await fetch(`${origin}/health`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer GET /health within ${timeoutMs} ms:\n${output()}`)
}

/** Set by the global setup: the data folder every file's server starts from a copy of. */
export const DATA_TEMPLATE_ENV = "TIDINGS_E2E_DATA_TEMPLATE"

/**
 * env: extra settings for the server (e.g. RSSHUB_URL pointing at a loopback stand-in). `dataDir`: a folder of the
 * caller's, kept after stop (the global setup's template); otherwise a fresh copy of the template, removed at stop.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<AppServer> {
  try {
    return await launchAppServer(env, options, SILENT_START_MS)
  } catch (error) {
    // Once in a full run (2026-11-27) a server printed nothing and never answered in 150 s while 39 others started in
    // about 2 s. Such a start is tried once more, said out loud; a server that printed something fails at once.
    if (!(error instanceof SilentStart)) throw error
    console.warn(`${error.message}; starting it once more`)
    return launchAppServer(env, options, 150_000)
  }
}

/** How long a server that has printed nothing at all is waited for before it is started again. */
const SILENT_START_MS = 60_000

class SilentStart extends Error {}

async function launchAppServer(
  env: Record<string, string>,
  { dataDir: ownDir }: { dataDir?: string },
  timeoutMs: number,
): Promise<AppServer> {
  if (!existsSync(path.join(webDist, "index.html"))) {
    throw new Error(`${webDist}/index.html is missing: build the web client first (cd apps/web && npx vite build).`)
  }
  if (!existsSync(serverBundle)) {
    throw new Error(`${serverBundle} is missing: build the server first (node scripts/build-server.mjs).`)
  }
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = ownDir ?? mkdtempSync(path.join(tmpdir(), "tidings-e2e-"))
  const template = process.env[DATA_TEMPLATE_ENV]
  if (!ownDir && template && existsSync(template)) cpSync(template, dataDir, { recursive: true })
  const child = spawn(process.execPath, [serverBundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_NETWORK: "true",
      BASE_URL: origin,
      // The first-sign-in guide would stand over every other test's first screen; its own test turns it on.
      NEW_USER_GUIDE: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let log = ""
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on("data", keep)
  child.stderr?.on("data", keep)
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000)
      await exited
      clearTimeout(timer)
    }
    if (!ownDir) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(origin, child, () => log, timeoutMs)
  } catch (error) {
    // Still running and not a word: hung before it could say anything (checked before stop() ends it).
    const silent = !log && child.exitCode === null
    await stop()
    if (silent) throw new SilentStart(`The server printed nothing in ${timeoutMs} ms`)
    throw error
  }
  return { origin, output: () => log, stop }
}
