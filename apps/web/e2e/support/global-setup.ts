// Once per browser-test run: a server creates and migrates a data folder, stops, and every file's server starts
// from a copy of it (app-server.ts). The embedded database's first start (initdb, then every migration) cost each
// file 10–17 s on these machines; a start from an existing folder about half of that.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { DATA_TEMPLATE_ENV, startAppServer } from "./app-server.ts"

export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), "tidings-e2e-template-"))
  const server = await startAppServer({}, { dataDir: dir })
  await server.stop()
  // Read by the workers, which the run starts after this.
  process.env[DATA_TEMPLATE_ENV] = dir
  return () => rmSync(dir, { recursive: true, force: true })
}
