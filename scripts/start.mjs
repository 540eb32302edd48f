// `npm start` (and `npm run worker` with --worker): builds what is missing or stale — the web client, the server
// bundle — then runs the server bundle in this same process, so a start costs one Node process and no compiler.
import path from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { buildServer } from "./build-server.mjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
const worker = process.argv.includes("--worker")
if (!worker) (await import("./build-web.mjs")).buildWeb()
if (await buildServer()) console.log("built the server bundle (apps/server/dist)")
await import(pathToFileURL(path.join(root, "apps/server/dist", worker ? "worker.mjs" : "main.mjs")).href)
