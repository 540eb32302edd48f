// Development: the API server (restarting on change) and Vite with its proxy to it.
import { spawn } from "node:child_process"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { devServerEnv } from "./dev-env.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const env = devServerEnv(process.env)
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env,
  }),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js")], {
    cwd: path.join(root, "apps/web"),
    stdio: "inherit",
    env,
  }),
]
const stop = () => {
  for (const child of children) child.kill("SIGTERM")
  process.exit(0)
}
process.on("SIGINT", stop)
process.on("SIGTERM", stop)
for (const child of children) child.on("exit", stop)
