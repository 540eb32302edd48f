// Entry of a parsing thread (reader/parser.ts). Plain JavaScript so it starts the same under `node --import tsx`,
// under vitest, or anywhere else: it registers tsx for this thread, then loads the TypeScript parser.
import { parentPort } from "node:worker_threads"
import { register } from "tsx/esm/api"

register()
const { parseFeedDocument } = await import("./parse.ts")

parentPort.on("message", ({ bytes, input }) => {
  try {
    parentPort.postMessage({ ok: true, feed: parseFeedDocument(bytes, input) })
  } catch (error) {
    parentPort.postMessage({ ok: false, name: error?.name ?? "Error", message: String(error?.message ?? error) })
  }
})
parentPort.postMessage({ ready: true })
