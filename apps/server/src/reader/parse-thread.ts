// A parsing thread's message loop (reader/parser.ts starts the threads). Under tsx it is loaded by parse-worker.mjs;
// the production build bundles it as dist/parse-worker.mjs.
import { parentPort } from "node:worker_threads"
import { parseDocument } from "./parse-document.ts"

parentPort!.on("message", ({ bytes, input, prepare }) => {
  try {
    parentPort!.postMessage({ ok: true, result: parseDocument(bytes, input, prepare) })
  } catch (error) {
    const failure = error as { name?: string; message?: string } | undefined
    parentPort!.postMessage({ ok: false, name: failure?.name ?? "Error", message: String(failure?.message ?? error) })
  }
})
parentPort!.postMessage({ ready: true })
