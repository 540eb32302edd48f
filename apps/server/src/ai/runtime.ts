// What the AI services share within one app: the dependencies and the in-process table of model calls under way.
import type { Deps } from "../deps.ts"
import { createOnce, type Once } from "./once.ts"

export interface AiRuntime {
  deps: Deps
  once: Once
}

export function createAiRuntime(deps: Deps): AiRuntime {
  return { deps, once: createOnce(deps) }
}
