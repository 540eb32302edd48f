// Entry of a parsing thread (reader/parser.ts). Plain JavaScript so it starts the same under `node --import tsx`,
// under vitest, or anywhere else: it registers tsx for this thread, then loads the TypeScript parser.
import { parentPort } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
const { parseDocument } = await import("./parser.ts")

parentPort.on("message", ({ bytes, input, prepare }) => {
  try {
    parentPort.postMessage({ ok: true, result: parseDocument(bytes, input, prepare) })
  } catch (error) {
    parentPort.postMessage({ ok: false, name: error?.name ?? "Error", message: String(error?.message ?? error) })
  }
})
parentPort.postMessage({ ready: true })
