// Browser tests: a real server child process and a real Chromium, so long time-outs and one fork.
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
})
