// Entry of a parsing thread when the server runs from its TypeScript sources (`node --import tsx`, vitest): it
// registers tsx for this thread, then loads the message loop. The production build bundles parse-thread.ts instead.
import { register } from "tsx/esm/api"

register()
await import("./parse-thread.ts")
