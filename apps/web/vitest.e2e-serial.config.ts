// The browser tests that time the page, one file at a time with nothing beside them (see vitest.e2e.config.ts).
import { defineConfig } from "vitest/config"
import { e2eTest, timedFiles } from "./vitest.e2e.config.ts"

export default defineConfig({
  test: {
    ...e2eTest,
    include: timedFiles,
    maxWorkers: 1,
    fileParallelism: false,
  },
})
